import type { ReactNode } from 'react';

// Used only for numbered or line-classed blocks, which the component tests do not render.
export default function Line(): ReactNode {
  return null;
}
