/**
 * Wraps the theme's CodeBlock (a swizzle the theme lists as safe) so that Prism, its ~30
 * grammars and the code block parts load only on pages that show code. Docs pages reach
 * CodeBlock through the components they import (CodeTabs, EndpointCard) and blog posts import
 * it, so without this /documentation and /blog, which show no code, evaluated that ~100 KB
 * chunk at start-up: the longest task of their load on a throttled phone.
 *
 * React.lazy is React's documented way to do this. Where the block is rendered matters:
 * - Server rendering and hydration: no Suspense boundary. Docusaurus waits for everything
 *   (renderToPipeableStream's onAllReady), so the built HTML holds the highlighted code in
 *   place, and a hydration that reaches a block before its chunk has arrived waits for it
 *   (Docusaurus hydrates in a transition) with the server HTML on screen. A boundary here was
 *   worse: React 19.2+ writes every completed boundary after the first 12.8 KB of them out of
 *   order (hidden copies at the end of the page, moved into place by inline scripts), which on
 *   /api-docs was 57 boundaries, 57 inline scripts and a 3.6 KB CSP.
 * - Rendered later in the browser (client-side navigation, a card or tab rendered on demand):
 *   inside Suspense, so the rest of the page stays usable while the chunk arrives.
 * src/clientModules/codeBlocks.ts starts fetching the chunk at start-up when the page shows code.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type { Props } from '@theme/CodeBlock';
import { loadedThemeCodeBlock, loadThemeCodeBlock } from './_load';

const LazyThemeCodeBlock = lazy(loadThemeCodeBlock);

export default function CodeBlock(props: Props): ReactNode {
  // Fixed for the block's lifetime: a change of either would remount it (and highlight it again).
  const [withBoundary] = useState(useIsBrowser());
  const [ThemeCodeBlock] = useState(() => loadedThemeCodeBlock()?.default ?? LazyThemeCodeBlock);
  const block = <ThemeCodeBlock {...props} />;
  if (!withBoundary) return block;
  return (
    <Suspense
      fallback={
        <pre className={props.className}>
          <code>{props.children}</code>
        </pre>
      }>
      {block}
    </Suspense>
  );
}
