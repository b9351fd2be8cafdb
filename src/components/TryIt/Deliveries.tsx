/**
 * The webhook's deliveries under the Try it panel of testWebhook and listWebhookDeliveries: what
 * was sent, and how it went. Read again after each answer of the panel, and every
 * DELIVERIES_REFRESH_MS while a delivery is still being attempted. Its own chunk: only the
 * webhook operations' panels load it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { endpointById } from '@site/src/data/apiReference';
import { DELIVERIES_COPY as COPY, DELIVERIES_REFRESH_MS, DELIVERY_FAILED, DELIVERY_UNSETTLED } from '@site/src/data/tryItDeliveries';
import { buildRequest } from './request';
import type { SandboxKey } from './sandboxKey';
import styles from './Panel.module.css';

export interface Delivery {
  id: string;
  event_type: string;
  status: string;
  created_at: string;
}

type Read = { kind: 'loading' } | { kind: 'read'; deliveries: Delivery[] } | { kind: 'error'; message: string };

/** The list is the listWebhookDeliveries call, built as the panel builds every call. */
async function readDeliveries(webhookId: string, key: SandboxKey): Promise<Delivery[]> {
  const built = buildRequest(endpointById('listWebhookDeliveries'), { params: { id: webhookId }, body: '', idempotencyKey: '' }, { origin: window.location.origin, key: key.key, plan: key.plan });
  if (!built.ok) throw new Error(built.message);
  const res = await fetch(built.request.url, { headers: built.request.headers });
  const body = (await res.json()) as { data?: Delivery[]; error?: { message?: string } };
  if (!res.ok || !body.data) throw new Error(body.error?.message ?? `HTTP ${res.status}`);
  return body.data;
}

const TYPING_PAUSE_MS = 300;

const toneOf = (status: string) => (DELIVERY_FAILED.includes(status) ? styles.failed : DELIVERY_UNSETTLED.includes(status) ? styles.muted : styles.ok);

export default function Deliveries({ webhookId, sandboxKey, answered }: { webhookId: string; sandboxKey: SandboxKey; answered: unknown }): ReactNode {
  const [read, setRead] = useState<Read>({ kind: 'loading' });
  const load = useCallback(async () => {
    try {
      setRead({ kind: 'read', deliveries: await readDeliveries(webhookId, sandboxKey) });
    } catch (err) {
      setRead({ kind: 'error', message: (err as Error).message });
    }
  }, [webhookId, sandboxKey]);

  // Again after every answer of the panel (a test event sent there adds a delivery); a moment
  // late, so typing a webhook id reads its list once, not once per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => void load(), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [load, answered]);

  const unsettled = read.kind === 'read' && read.deliveries.some((d) => DELIVERY_UNSETTLED.includes(d.status));
  useEffect(() => {
    if (!unsettled) return;
    const timer = setTimeout(() => void load(), DELIVERIES_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [unsettled, read, load]);

  return (
    <section className={styles.deliveries} aria-label={COPY.title(webhookId)} data-testid="try-it-deliveries">
      <div className={styles.deliveriesHead}>
        <h4>{COPY.title(webhookId)}</h4>
        <button type="button" className="button button--sm button--secondary" onClick={() => void load()}>
          {COPY.refresh}
        </button>
      </div>
      {read.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {COPY.error(read.message)}
        </p>
      ) : null}
      {read.kind === 'read' && read.deliveries.length === 0 ? <p className={styles.muted}>{COPY.empty}</p> : null}
      {read.kind === 'read' && read.deliveries.length > 0 ? (
        <div className={styles.deliveriesWrap}>
          <table className={styles.deliveriesTable}>
            <thead>
              <tr>
                <th scope="col">{COPY.columns.event}</th>
                <th scope="col">{COPY.columns.status}</th>
                <th scope="col">{COPY.columns.created}</th>
                <th scope="col">{COPY.columns.id}</th>
              </tr>
            </thead>
            <tbody>
              {read.deliveries.map((d) => (
                <tr key={d.id}>
                  <td>
                    <code>{d.event_type}</code>
                  </td>
                  <td className={toneOf(d.status)} data-testid="delivery-status">
                    {d.status}
                  </td>
                  <td>
                    <time dateTime={d.created_at}>{d.created_at.replace('T', ' ').replace('Z', ' UTC')}</time>
                  </td>
                  <td>
                    <code>{d.id}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {unsettled ? (
        <p className={styles.muted} aria-live="polite">
          {COPY.refreshing}
        </p>
      ) : null}
    </section>
  );
}
