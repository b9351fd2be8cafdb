/**
 * Wraps the theme's CodeBlock (a swizzle the theme lists as safe) so that Prism, its ~30
 * grammars and the code block parts load only on pages that show code. Every MDX page reaches
 * CodeBlock through MDXComponents (CodeTabs, EndpointCard) and blog posts import it, so without
 * this /documentation and /blog, which show no code, evaluated that ~100 KB chunk at start-up:
 * the longest task of their load on a throttled phone.
 *
 * React.lazy inside Suspense is React's documented way to do this with server rendering:
 * Docusaurus renders pages with renderToPipeableStream and waits for everything (onAllReady),
 * so the built HTML holds the highlighted code, and hydration keeps that HTML in place until the
 * chunk has loaded.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type { Props } from '@theme/CodeBlock';

type ThemeCodeBlockModule = typeof import('@theme-original/CodeBlock');

let loaded: ThemeCodeBlockModule | undefined;
let loading: Promise<ThemeCodeBlockModule> | undefined;
const load = (): Promise<ThemeCodeBlockModule> =>
  (loading ??= import('@theme-original/CodeBlock').then((m) => (loaded = m)));
const LazyThemeCodeBlock = lazy(load);

// A page whose server HTML shows code needs the chunk anyway: fetch it now, so that code rendered
// later (a card coming into view, a tab chosen) renders at once instead of through the fallback.
if (ExecutionEnvironment.canUseDOM && document.querySelector('.theme-code-block')) void load();

export default function CodeBlock(props: Props): ReactNode {
  const ThemeCodeBlock = loaded?.default ?? LazyThemeCodeBlock;
  return (
    // Only seen on client-side navigation to a page with code, while the chunk arrives.
    <Suspense
      fallback={
        <pre className={props.className}>
          <code>{props.children}</code>
        </pre>
      }>
      <ThemeCodeBlock {...props} />
    </Suspense>
  );
}
