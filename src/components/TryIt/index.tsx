/**
 * The "Try it" control of an endpoint card. Only this button is part of the reference pages'
 * start-up bundle; the panel (fields, key handling, curl, highlighting of the answer) is a
 * separate chunk fetched on the first click, so no page's start-up cost grows with it.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { ApiEndpoint } from '@site/src/data/apiReference';
import type { PlanId } from '@site/src/data/plans';
import type { ApiVersionName } from '@site/src/data/apiVersioning';
import { TRY_IT_COPY as COPY } from '@site/src/data/tryIt';
import styles from './styles.module.css';

const Panel = lazy(() => import(/* webpackChunkName: "try-it" */ './Panel'));

export interface TryItProps {
  endpoint: ApiEndpoint;
  /** The plan page's plan; on /api-docs (undefined) the reader picks the plan of the test key. */
  plan?: PlanId;
  /** The API version the page shows (its X-API-Version, and the endpoint's shapes); v1 by default. */
  version?: ApiVersionName;
}

export default function TryIt({ endpoint, plan, version = 'v1' }: TryItProps): ReactNode {
  const [open, setOpen] = useState(false);
  // Mounted once opened and then only hidden, so closing and reopening keeps what was typed and answered.
  const [mounted, setMounted] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.tryIt} data-try-it={endpoint.id}>
      <button
        type="button"
        className={`button button--sm ${open ? 'button--secondary' : 'button--primary'} button--outline`}
        aria-expanded={open}
        aria-controls={mounted ? panelId : undefined}
        onClick={() => {
          setMounted(true);
          setOpen((o) => !o);
        }}>
        {open ? COPY.close : COPY.open}
      </button>
      {mounted ? (
        <div id={panelId} hidden={!open}>
          <Suspense fallback={<p className={styles.loading}>{COPY.loading}</p>}>
            {/* A new panel per version: its fields start from that version's example. */}
            <Panel key={version} endpoint={endpoint} plan={plan} version={version} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
