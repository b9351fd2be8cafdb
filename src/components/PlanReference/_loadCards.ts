import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { beforeIslandRenders } from '@site/src/components/LazyHydrate/_prepare';

/** The plan pages' card chunk (./SectionCards.tsx with the reference data), fetched once. */
type SectionCardsModule = typeof import('./SectionCards');

let loaded: SectionCardsModule | undefined;
let loading: Promise<SectionCardsModule> | undefined;

export const loadSectionCards = (): Promise<SectionCardsModule> =>
  (loading ??= import(/* webpackChunkName: "plan-section-cards" */ './SectionCards').then((m) => (loaded = m)));

/** The module once it has arrived, for rendering without suspending. */
export const loadedSectionCards = (): SectionCardsModule | undefined => loaded;

// A closed section is an island (src/components/Accordion): when it opens, its server HTML stays
// on screen until the chunk has arrived, then it renders the same cards.
if (ExecutionEnvironment.canUseDOM) {
  beforeIslandRenders((island) => (island.querySelector('[data-section-cards]') ? loadSectionCards() : undefined));
}
