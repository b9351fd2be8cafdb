import { createElement, type ReactNode } from 'react';

export default function Heading({ as, children, ...rest }: { as: string; children?: ReactNode; id?: string; className?: string }): ReactNode {
  return createElement(as, rest, children);
}
