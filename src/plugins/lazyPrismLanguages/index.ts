import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** The theme's start-up module that registers `prism.additionalLanguages` (not the swizzlable one in lib/theme). */
export const STARTUP_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

/**
 * Moves Prism out of every page's main bundle. theme-classic registers the additional Prism
 * languages from a client module that runs at start-up, and to do so imports
 * prism-react-renderer: ~90 KB of JavaScript (~25 KB compressed) parsed and run on every page,
 * the landing page included, which shows no code. The module is replaced by an empty one here;
 * src/theme/CodeBlock/_chunk.ts registers the languages when the first code block loads.
 */
export default function lazyPrismLanguagesPlugin(): Plugin {
  return {
    name: 'lazy-prism-languages',
    configureWebpack(_config, _isServer, { currentBundler }) {
      return {
        plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(STARTUP_MODULE, path.join(__dirname, 'startup.js'))],
      };
    },
  };
}
