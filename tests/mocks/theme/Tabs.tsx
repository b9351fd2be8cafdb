import type { ReactNode } from 'react';

/** Renders every tab panel, so component tests can read all samples. */
export default function Tabs({ children, groupId }: { children?: ReactNode; groupId?: string; className?: string }): ReactNode {
  return <div data-testid="tabs" data-group={groupId}>{children}</div>;
}
