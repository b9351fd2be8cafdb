/**
 * A page whose server HTML shows code hydrates its code blocks, and hydration waits for their
 * chunk (src/theme/CodeBlock): start fetching it with the main bundle, alongside the route's own
 * chunks, rather than once the route's modules have run.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { loadThemeCodeBlock } from '@site/src/theme/CodeBlock/_load';

if (ExecutionEnvironment.canUseDOM && document.querySelector('.theme-code-block')) void loadThemeCodeBlock();
