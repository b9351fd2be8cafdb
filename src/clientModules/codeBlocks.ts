/**
 * A page whose server HTML shows code hydrates its code blocks, and hydration waits for their
 * chunk (src/theme/CodeBlock): start fetching it with the main bundle, alongside the route's own
 * chunks, rather than once the route's modules have run. Blocks inside deferred islands
 * (src/components/LazyHydrate: the API reference's cards) are not hydrated at start-up; their
 * island fetches the chunk when it comes near. Evaluating Prism was the longest task of
 * /api-docs's start-up on a phone-speed CPU, for cards the reader had not scrolled to.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { loadThemeCodeBlock } from '@site/src/theme/CodeBlock/_load';
import { beforeIslandRenders } from '@site/src/components/LazyHydrate/_prepare';

const hydratesCode = (): boolean => Array.from(document.querySelectorAll('.theme-code-block')).some((block) => !block.closest('[data-island]'));

if (ExecutionEnvironment.canUseDOM) {
  if (hydratesCode()) void loadThemeCodeBlock();
  beforeIslandRenders((island) => (island.querySelector('.theme-code-block') ? loadThemeCodeBlock() : undefined));
}
