import Link from '@docusaurus/Link';
import { useState, type ReactNode } from 'react';
import { ensureKey, formatExpiry, type SandboxKey } from '@site/src/components/TryIt/sandboxKey';
import type { Plan } from '@site/src/data/plans';
import { SANDBOX_OFFER_COPY as COPY } from '@site/src/data/tryIt';
import { useCopy } from '@site/src/lib/useCopy';
import { docsPath } from '../_utils';
import styles from './SandboxKeyOffer.module.css';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string } | { kind: 'ready'; key: SandboxKey };

/**
 * A sandbox test key for the plan just bought, below the spec's content of /success. The key is
 * the one the plan's "Try it" panels use (kept per plan until it expires), so the API reference
 * this page opens next already calls the sandbox with it.
 */
export default function SandboxKeyOffer({ plan }: { plan: Plan | undefined }): ReactNode {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const { copied, copy } = useCopy();
  const get = async (p: Plan) => {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'ready', key: await ensureKey(p.id) });
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  };
  return (
    <section className={styles.offer} aria-labelledby="sandbox-offer-title" data-testid="sandbox-offer">
      <h2 id="sandbox-offer-title" className={styles.title}>
        {COPY.title}
      </h2>
      <p className={styles.lead}>{COPY.lead(plan?.name ?? 'Starter')}</p>
      {state.kind !== 'ready' ? (
        <button type="button" className="button button--secondary" disabled={!plan || state.kind === 'busy'} onClick={() => plan && void get(plan)}>
          {state.kind === 'busy' ? COPY.busy : COPY.button}
        </button>
      ) : null}
      <div aria-live="polite">
        {state.kind === 'error' ? (
          <p className={styles.error} role="alert">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'ready' ? (
          <div className={styles.key}>
            <p className={styles.keyLabel}>{COPY.keyLabel}</p>
            <div className={styles.keyRow}>
              <code data-testid="sandbox-key">{state.key.key}</code>
              <button type="button" className="button button--sm button--outline button--primary" onClick={() => void copy(state.key.key)}>
                <span aria-live="polite">{copied ? COPY.copied : COPY.copy}</span>
              </button>
            </div>
            <p className={styles.expiry}>{COPY.expires(formatExpiry(state.key.expiresAt))}</p>
            <Link to={`${docsPath(state.key.plan)}`}>{COPY.referenceLink(plan?.name ?? state.key.plan)}</Link>
          </div>
        ) : null}
      </div>
    </section>
  );
}
