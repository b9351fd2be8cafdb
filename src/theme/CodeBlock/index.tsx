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
 *
 * Inside a LazyHydrate island the server writes the block as plain text in the same box
 * (_plain.tsx): that markup is never hydrated, and Prism's element per token was most of the API
 * reference's HTML. The browser renders the island, highlighted, when it comes near.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { useThemeConfig, type ThemeConfig } from '@docusaurus/theme-common';
import type { Props } from '@theme/CodeBlock';
import { useInIsland } from '@site/src/components/LazyHydrate/_context';
import { loadedThemeCodeBlock, loadThemeCodeBlock } from './_load';
import PlainCodeBlock from './_plain';

const LazyThemeCodeBlock = lazy(loadThemeCodeBlock);

export default function CodeBlock(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const inIsland = useInIsland();
  const { magicComments } = useThemeConfig().prism;
  // Fixed for the block's lifetime: a change of either would remount it (and highlight it again).
  const [withBoundary] = useState(isBrowser);
  const [ThemeCodeBlock] = useState(() => loadedThemeCodeBlock()?.default ?? LazyThemeCodeBlock);
  // An island's server markup is shown but never hydrated: plain text there (see _plain.tsx).
  // Blocks whose text the theme rewrites (magic comments, numbered or marked lines) keep Prism.
  if (inIsland && !isBrowser && isPlainText(props, magicComments)) {
    return <PlainCodeBlock code={props.children} language={props.language ?? props.className?.match(/language-(\S+)/)?.[1]} title={props.title} />;
  }
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

function isPlainText(props: Props, magicComments: ThemeConfig['prism']['magicComments']): props is Props & { children: string } {
  const code = props.children;
  if (typeof code !== 'string' || props.metastring || props.showLineNumbers) return false;
  return !magicComments.some((c) => [c.line, c.block?.start, c.block?.end].some((word) => word !== undefined && code.includes(word)));
}
