/**
 * The "Test clock" disclosure of the Try it panel (issue 47). Only this button is part of the
 * panel's chunk; the clock view is its own chunk, fetched when the reader expands it.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { TRY_IT_CLOCK_COPY as COPY } from '@site/src/data/tryItClock';
import type { SandboxKey } from './sandboxKey';
import styles from './RecentRequests.module.css';

const TestClock = lazy(() => import(/* webpackChunkName: "try-it-clock" */ './TestClock'));

export default function TestClockSection({ apiKey, refreshOn }: { apiKey: SandboxKey | null; refreshOn?: unknown }): ReactNode {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.section}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen((o) => !o)}>
        {COPY.toggle}
      </button>
      {open ? (
        <div id={id} className={styles.body} data-testid="test-clock">
          <Suspense fallback={<p className={styles.muted}>{COPY.loading}</p>}>
            <TestClock apiKey={apiKey} refreshOn={refreshOn} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
