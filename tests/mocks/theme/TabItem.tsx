import type { ReactNode } from 'react';

export default function TabItem({ children, value, label }: { children?: ReactNode; value: string; label?: string }): ReactNode {
  return (
    <section data-tab={value} aria-label={label ?? value}>
      {children}
    </section>
  );
}
