import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { beforeIslandRenders } from '@site/src/components/LazyHydrate/_prepare';
import { lazyModule } from '@site/src/lib/lazyModule';

/** The reference parts' chunk (./_parts.ts with the reference data), fetched once. */
const referenceParts = lazyModule(() => import(/* webpackChunkName: "reference-parts" */ './_parts'));

export const loadReferenceParts = referenceParts.load;

/** The module once it has arrived, for rendering without suspending. */
export const loadedReferenceParts = referenceParts.loaded;

/** Marks the element around each part, so an island knows to await the chunk before rendering. */
export const PART_ATTRIBUTE = 'data-reference-part';

// Every part is inside an island (its own, or a closed section's): when the island comes alive,
// its server HTML stays on screen until the chunk has arrived, then it renders the same part.
if (ExecutionEnvironment.canUseDOM) {
  beforeIslandRenders((island) => (island.querySelector(`[${PART_ATTRIBUTE}]`) ? loadReferenceParts() : undefined));
}
