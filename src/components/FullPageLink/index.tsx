import type { AnchorHTMLAttributes, ReactNode } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';

type Props = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * A link to a reference page that the browser loads from the server: no Docusaurus `<Link>`, so
 * no prefetch and no client-side navigation.
 *
 * Why: `<Link>` prefetches the route it points to as soon as it is on screen, and Docusaurus
 * resolves a route under /api-docs to all of the docs plugin's layout chunks once for each level
 * of nesting. A plan page's breadcrumb and plan switcher appended 39 `<link rel=prefetch>` (11
 * distinct chunks) after hydration; in Lighthouse's slow-phone run those downloads kept the network
 * busy and moved the page's interactive point, and its blocking time with it: medians 82-83 with
 * them, 87-89 without, in the same rounds (issue 23, CONTRIBUTING). The reference pages are large
 * server-rendered HTML, which a browser paints as it arrives; a client-side navigation renders the
 * whole page in React before showing it.
 *
 * Docusaurus's broken-link check does not see these links: the plan routes come from the plan
 * data (src/plugins/planRoutes.ts), as do the links to them.
 */
export default function FullPageLink({ to, ...rest }: Props): ReactNode {
  return <a href={useBaseUrl(to)} {...rest} />;
}
