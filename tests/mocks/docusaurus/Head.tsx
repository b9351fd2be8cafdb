import type { ReactNode } from 'react';

export default function Head(_: { children?: ReactNode }): ReactNode {
  return null;
}
