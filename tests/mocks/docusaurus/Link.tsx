import type { AnchorHTMLAttributes, ReactNode } from 'react';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string; children?: ReactNode };

/** Plain anchor standing in for @docusaurus/Link in component tests. */
export default function Link({ to, href, children, ...rest }: Props): ReactNode {
  return (
    <a href={to ?? href} {...rest}>
      {children}
    </a>
  );
}
