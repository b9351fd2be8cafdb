import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/** mark.js as the search plugin imports it (its generated module re-exports the resolved file). */
export const MARK_JS = /mark\.js[\\/]dist[\\/]mark\.js$/;
const WRAPPER = path.join(__dirname, 'mark.js');

/**
 * Keeps search-term highlighting (`highlightSearchTermsOnTargetPage`) without paying for it on
 * every page. The search plugin imports mark.js into the main bundle (~17 KB) and, on every page
 * load and navigation, runs `unmark()` over the whole article even when nothing is highlighted:
 * on /api-docs, ~7,000 elements walked, ~40 ms of a phone's start-up. Its import is swapped for
 * ./mark.js, which loads mark.js only when there are terms to mark (or marks to remove).
 */
export default function lazySearchHighlightPlugin(): Plugin {
  return {
    name: 'lazy-search-highlight',
    configureWebpack(_config, _isServer, { currentBundler }) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(MARK_JS, (resource: { request: string; contextInfo?: { issuer?: string } }) => {
            // Only the search plugin's import: the wrapper itself imports the real mark.js.
            if (resource.contextInfo?.issuer?.includes('docusaurus-search-local')) resource.request = WRAPPER;
          }),
        ],
      };
    },
  };
}
