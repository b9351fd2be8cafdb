/**
 * What the lazy CodeBlock loads: the theme's CodeBlock, with Prism's additional languages
 * registered first. The theme registers them from a start-up client module, which
 * src/plugins/lazyPrismLanguages empties so that pages without code load no Prism; this chunk
 * does that module's one call instead, before the first block is highlighted.
 */
import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export { default } from '@theme-original/CodeBlock';
