/**
 * The "Recent requests" disclosure of the Try it panel. Only this button is part of the panel's
 * chunk; the log view (list, detail, Replay, Copy as curl) is its own chunk, fetched when the
 * reader expands the section, so opening the panel costs nothing more than before.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { RECENT_REQUESTS_COPY as COPY } from '@site/src/data/tryItRecentRequests';
import type { SandboxKey } from './sandboxKey';
import styles from './RecentRequests.module.css';

const RecentRequests = lazy(() => import(/* webpackChunkName: "try-it-recent" */ './RecentRequests'));

export interface RecentRequestsSectionProps {
  /** The panel's key for its plan, or null before the first Send has minted one. */
  apiKey: SandboxKey | null;
  /** A new value after each answer the panel gets, so the list shows that request too. */
  refreshOn?: unknown;
}

export default function RecentRequestsSection({ apiKey, refreshOn }: RecentRequestsSectionProps): ReactNode {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.section}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen((o) => !o)}>
        {COPY.toggle}
      </button>
      {open ? (
        <div id={id} className={styles.body} data-testid="recent-requests">
          <Suspense fallback={<p className={styles.muted}>{COPY.loading}</p>}>
            <RecentRequests apiKey={apiKey} refreshOn={refreshOn} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
