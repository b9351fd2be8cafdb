import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { beforeIslandRenders } from '@site/src/components/LazyHydrate/_prepare';
import { lazyModule } from '@site/src/lib/lazyModule';

/** The plan pages' card chunk (./SectionCards.tsx with the reference data), fetched once. */
const sectionCards = lazyModule(() => import(/* webpackChunkName: "plan-section-cards" */ './SectionCards'));

export const loadSectionCards = sectionCards.load;

/** The module once it has arrived, for rendering without suspending. */
export const loadedSectionCards = sectionCards.loaded;

// A closed section is an island (src/components/Accordion): when it opens, its server HTML stays
// on screen until the chunk has arrived, then it renders the same cards.
if (ExecutionEnvironment.canUseDOM) {
  beforeIslandRenders((island) => (island.querySelector('[data-section-cards]') ? loadSectionCards() : undefined));
}
