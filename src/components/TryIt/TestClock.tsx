/**
 * The Try it panel's test clock view (issue 47): the key's clock and its month's allowances,
 * quick steps and a time to advance to, and the events the last advance produced. Calls the
 * sandbox-only endpoints as the panel calls every endpoint (./request.ts).
 */
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { sandboxOnlyEndpoint } from '@site/src/data/apiReference/endpoints/sandbox';
import { formatLimit } from '@site/src/data/limits';
import { nextMonthStart } from '@site/src/data/sandboxTime';
import { CLOCK_STEPS, TRY_IT_CLOCK_COPY as COPY } from '@site/src/data/tryItClock';
import { buildRequest } from './request';
import type { SandboxKey } from './sandboxKey';
import styles from './Panel.module.css';

interface Allowance {
  used: number;
  limit: number | null;
}

interface Clock {
  frozen_time: string;
  allowances: { month: string; transactions: Allowance; api_calls: Allowance };
  events?: { id: string; type: string; created: number; data: { object: Record<string, unknown> } }[];
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

async function clockCall(key: SandboxKey, frozenTime?: string): Promise<Clock> {
  const endpoint = sandboxOnlyEndpoint(frozenTime === undefined ? 'getTestClock' : 'advanceTestClock');
  const body = frozenTime === undefined ? '' : JSON.stringify({ frozen_time: frozenTime });
  const built = buildRequest(endpoint, { params: {}, body, idempotencyKey: '' }, { origin: window.location.origin, key: key.key, plan: key.plan });
  if (!built.ok) throw new Error(built.message);
  const res = await fetch(built.request.url, { method: built.request.method, headers: built.request.headers, body: built.request.body ?? undefined });
  const answer = (await res.json()) as Clock & { error?: { message?: string } };
  if (!res.ok) throw new Error(answer.error?.message ?? `HTTP ${res.status}`);
  return answer;
}

export default function TestClock({ apiKey, refreshOn }: { apiKey: SandboxKey | null; refreshOn?: unknown }): ReactNode {
  const ids = useId();
  // A refused advance leaves the clock shown: the error says why beside it.
  const [clock, setClock] = useState<Clock | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);

  const read = useCallback(async () => {
    if (!apiKey) return;
    try {
      const read = await clockCall(apiKey);
      setClock(read);
      setError(null);
      setTarget(read.frozen_time);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [apiKey]);

  // Read again after each answer of the panel: a call there may have used an allowance.
  useEffect(() => void read(), [read, refreshOn]);

  if (!apiKey) return <p className={styles.muted}>{COPY.noKey}</p>;

  const advance = async (to: string) => {
    setBusy(true);
    try {
      const advanced = await clockCall(apiKey, to);
      setClock(advanced);
      setError(null);
      setTarget(advanced.frozen_time);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const now = clock ? Date.parse(clock.frozen_time) : null;
  return (
    <div aria-live="polite">
      <p className={styles.intro}>{COPY.intro}</p>
      {error !== null ? (
        <p className={styles.error} role="alert">
          {COPY.error(error)}
        </p>
      ) : null}
      {clock && now !== null ? (
        <>
          <p>
            {COPY.timeLabel}: <time dateTime={clock.frozen_time} data-testid="clock-time">{clock.frozen_time}</time>
          </p>
          <p className={styles.muted}>
            {COPY.monthLabel(clock.allowances.month)}: {COPY.used('transactions', clock.allowances.transactions.used, formatLimit(clock.allowances.transactions.limit).toLowerCase())},{' '}
            {COPY.used('API calls', clock.allowances.api_calls.used, formatLimit(clock.allowances.api_calls.limit).toLowerCase())}
          </p>
          <div className={styles.actions}>
            {CLOCK_STEPS.map((s) => (
              <button key={s.label} type="button" className="button button--secondary button--sm" disabled={busy} onClick={() => void advance(iso(now + s.ms))}>
                {s.label}
              </button>
            ))}
            <button type="button" className="button button--secondary button--sm" disabled={busy} onClick={() => void advance(iso(nextMonthStart(now)))}>
              {COPY.nextMonth}
            </button>
          </div>
          <form
            className={styles.field}
            onSubmit={(e) => {
              e.preventDefault();
              void advance(target.trim());
            }}>
            <label htmlFor={`${ids}to`}>{COPY.advanceToLabel}</label>
            <input id={`${ids}to`} type="text" value={target} onChange={(e) => setTarget(e.target.value)} spellCheck={false} autoComplete="off" />
            <button type="submit" className="button button--primary button--sm" disabled={busy}>
              {busy ? COPY.advancing : COPY.advance}
            </button>
          </form>
          {clock.events ? (
            <>
              <p>{COPY.eventsTitle(clock.events.length)}</p>
              <ol data-testid="clock-events">
                {clock.events.map((e) => (
                  <li key={e.id}>
                    <code>{iso(e.created * 1000)}</code> <code>{e.type}</code> {String(e.data.object.id ?? e.data.object.invoice_id ?? '')}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
