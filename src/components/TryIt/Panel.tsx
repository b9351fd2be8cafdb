/**
 * The "Try it" console of one endpoint (loaded on first open, see ./index.tsx): the documented
 * example in editable fields, a test key of the plan, Send, the answer, and the same request as
 * curl. Dimmed (Upgrade Required) calls are sent too: the sandbox answers the 403 the plan gets.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import { EXAMPLE_PLAN, type ApiEndpoint } from '@site/src/data/apiReference';
import { getPlan, PLAN_IDS, type PlanId } from '@site/src/data/plans';
import type { ApiVersionName } from '@site/src/data/apiVersioning';
import { SHOWN_RESPONSE_HEADERS, TRY_IT_COPY as COPY } from '@site/src/data/tryIt';
import { DELIVERIES_OPERATIONS } from '@site/src/data/tryItDeliveries';
import { TRY_IT_CLOCK_COPY } from '@site/src/data/tryItClock';
import { RECENT_REQUESTS_COPY } from '@site/src/data/tryItRecentRequests';
import { useCopy } from '@site/src/lib/useCopy';
import { toCurl } from './curl';
import { buildRequest, fieldParams, initialValues, type SandboxRequest, type TryItValues } from './request';
import LazyDisclosure from './LazyDisclosure';
import { ensureKey, forgetKey, formatExpiry, mintKey, storedKey, type SandboxKey } from './sandboxKey';
import styles from './Panel.module.css';

const Deliveries = lazy(() => import(/* webpackChunkName: "try-it-deliveries" */ './Deliveries'));
const RecentRequests = lazy(() => import(/* webpackChunkName: "try-it-recent" */ './RecentRequests'));
const TestClock = lazy(() => import(/* webpackChunkName: "try-it-clock" */ './TestClock'));

interface Answer {
  status: number;
  statusText: string;
  requestId: string | null;
  headers: [string, string][];
  body: string;
  isJson: boolean;
}

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'error'; message: string; field?: string } | { kind: 'answered'; answer: Answer };

async function call(request: SandboxRequest): Promise<Answer> {
  const res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body ?? undefined });
  const text = await res.text();
  let body = text;
  let isJson = false;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
    isJson = true;
  } catch {
    // Not JSON (should not happen with the sandbox): shown as it came.
  }
  const headers = [...res.headers.entries()].filter(([name]) => SHOWN_RESPONSE_HEADERS.test(name) && name.toLowerCase() !== 'request-id');
  return { status: res.status, statusText: res.statusText, requestId: res.headers.get('request-id'), headers, body, isJson };
}

export default function Panel({ endpoint, plan: pagePlan, version = 'v1' }: { endpoint: ApiEndpoint; plan?: PlanId; version?: ApiVersionName }): ReactNode {
  const ids = useId();
  const [plan, setPlan] = useState<PlanId>(pagePlan ?? EXAMPLE_PLAN);
  const [values, setValues] = useState<TryItValues>(() => initialValues(endpoint));
  const [key, setKey] = useState<SandboxKey | null>(() => storedKey(plan));
  const [state, setState] = useState<State>({ kind: 'idle' });
  const { copied, copy } = useCopy();
  const fields = fieldParams(endpoint);
  const callName = `${endpoint.method} ${endpoint.path}`;
  const busy = state.kind === 'busy';
  const invalidField = state.kind === 'error' ? state.field : undefined;

  const build = (k: SandboxKey) => buildRequest(endpoint, values, { origin: window.location.origin, key: k.key, plan: k.plan, version });
  /** The key of the plan chosen in the panel: a key minted for another plan is not shown or used. */
  const planKey = key && key.plan === plan ? key : null;
  const lastAnswer = state.kind === 'answered' ? state.answer : null;
  const shown = planKey ? build(planKey) : null;
  const curlText = shown?.ok ? toCurl(shown.request) : null;

  const failed = (err: unknown) => setState({ kind: 'error', message: err instanceof TypeError ? COPY.networkError : (err as Error).message });

  const send = async () => {
    setState({ kind: 'busy' });
    try {
      let k = await ensureKey(plan);
      setKey(k);
      let built = build(k);
      if (!built.ok) return setState({ kind: 'error', message: built.message, field: built.field });
      let answer = await call(built.request);
      // A stored key the server no longer knows (its data was reset) is replaced once, silently.
      if (answer.status === 401) {
        forgetKey(plan);
        k = await mintKey(plan);
        setKey(k);
        built = build(k);
        if (built.ok) answer = await call(built.request);
      }
      setState({ kind: 'answered', answer });
    } catch (err) {
      failed(err);
    }
  };

  // Leaves the answer on screen: copying is not a new request.
  const copyCurl = async () => {
    try {
      const k = await ensureKey(plan);
      setKey(k);
      const built = build(k);
      if (!built.ok) return setState({ kind: 'error', message: built.message, field: built.field });
      await copy(toCurl(built.request));
    } catch (err) {
      failed(err);
    }
  };

  const setParam = (name: string, value: string) => setValues((v) => ({ ...v, params: { ...v.params, [name]: value } }));
  const onPlan = (next: PlanId) => {
    setPlan(next);
    setKey(storedKey(next));
  };

  return (
    // A group, not a landmark: a call can have a card in two sections of one page (GET /auth/user on
    // /api-docs), and two open panels were two landmarks of one name (axe landmark-unique).
    <div role="group" className={styles.panel} aria-label={COPY.panelLabel(callName)} data-testid="try-it-panel">
      <p className={styles.intro}>{COPY.intro}</p>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}>
        {pagePlan ? null : (
          <div className={styles.field}>
            <label htmlFor={`${ids}plan`}>{COPY.planLabel}</label>
            <select id={`${ids}plan`} value={plan} onChange={(e) => onPlan(e.target.value as PlanId)}>
              {PLAN_IDS.map((id) => (
                <option key={id} value={id}>
                  {getPlan(id).name}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className={styles.key}>
          <span className={styles.keyLabel}>{COPY.keyLabel}:</span>{' '}
          {planKey ? (
            <>
              <code data-testid="try-it-key">{planKey.key}</code> <span className={styles.muted}>({COPY.keyExpires(formatExpiry(planKey.expiresAt))})</span>
            </>
          ) : (
            <span className={styles.muted}>{COPY.keyPending(getPlan(plan).name)}</span>
          )}
        </p>
        {fields.length ? (
          <fieldset className={styles.params}>
            <legend>{COPY.paramsTitle}</legend>
            {fields.map((p) => (
              <div key={p.name} className={styles.field}>
                <label htmlFor={`${ids}p-${p.name}`}>
                  <code>{p.name}</code>
                  {p.required ? <span className={styles.required}> required</span> : null}
                </label>
                <input
                  id={`${ids}p-${p.name}`}
                  type="text"
                  value={values.params[p.name] ?? ''}
                  onChange={(e) => setParam(p.name, e.target.value)}
                  aria-describedby={`${ids}d-${p.name}`}
                  aria-invalid={invalidField === p.name || undefined}
                  spellCheck={false}
                  autoComplete="off"
                />
                <span id={`${ids}d-${p.name}`} className={styles.hint}>
                  {p.description}
                </span>
              </div>
            ))}
          </fieldset>
        ) : null}
        {endpoint.method === 'POST' ? (
          <>
            <div className={styles.field}>
              <label htmlFor={`${ids}body`}>{COPY.bodyLabel}</label>
              <textarea
                id={`${ids}body`}
                className={styles.code}
                value={values.body}
                rows={Math.min(14, Math.max(3, values.body.split('\n').length))}
                onChange={(e) => setValues((v) => ({ ...v, body: e.target.value }))}
                aria-invalid={invalidField === 'body' || undefined}
                spellCheck={false}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${ids}idem`}>{COPY.idempotencyLabel}</label>
              <input
                id={`${ids}idem`}
                type="text"
                value={values.idempotencyKey}
                onChange={(e) => setValues((v) => ({ ...v, idempotencyKey: e.target.value }))}
                aria-invalid={invalidField === 'idempotencyKey' || undefined}
                spellCheck={false}
                autoComplete="off"
              />
            </div>
          </>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? COPY.sending : COPY.send}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void copyCurl()} disabled={busy}>
            <span aria-live="polite">{copied ? COPY.curlCopied : COPY.copyCurl}</span>
          </button>
        </div>
      </form>
      <div className={styles.answer} aria-live="polite" aria-label={COPY.responseLabel(callName)} role="group" data-testid="try-it-answer">
        {state.kind === 'error' ? (
          <p className={styles.error} role="alert">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'answered' ? <AnswerView answer={state.answer} /> : null}
      </div>
      {DELIVERIES_OPERATIONS.includes(endpoint.id) && planKey && values.params.id ? (
        <Suspense fallback={null}>
          <Deliveries webhookId={values.params.id} sandboxKey={planKey} answered={lastAnswer} />
        </Suspense>
      ) : null}
      {curlText ? (
        <details className={styles.curl}>
          <summary>{COPY.curlTitle}</summary>
          <CodeBlock language="bash">{curlText}</CodeBlock>
        </details>
      ) : null}
      <LazyDisclosure label={RECENT_REQUESTS_COPY.toggle} loading={RECENT_REQUESTS_COPY.loading} testId="recent-requests">
        <RecentRequests apiKey={planKey} refreshOn={lastAnswer} />
      </LazyDisclosure>
      <LazyDisclosure label={TRY_IT_CLOCK_COPY.toggle} loading={TRY_IT_CLOCK_COPY.loading} testId="test-clock">
        <TestClock apiKey={planKey} refreshOn={lastAnswer} />
      </LazyDisclosure>
    </div>
  );
}

function AnswerView({ answer }: { answer: Answer }): ReactNode {
  const ok = answer.status >= 200 && answer.status < 300;
  return (
    <>
      <p className={styles.status}>
        <span className={ok ? styles.ok : styles.failed} data-testid="try-it-status">
          {answer.status} {answer.statusText}
        </span>
      </p>
      <dl className={styles.headers}>
        {answer.requestId ? (
          <div className={styles.headerRow}>
            <dt>{COPY.requestIdLabel}</dt>
            <dd>
              <code data-testid="try-it-request-id">{answer.requestId}</code>
            </dd>
          </div>
        ) : null}
        {answer.headers.map(([name, value]) => (
          <div key={name} className={styles.headerRow}>
            <dt>{name}</dt>
            <dd>
              <code>{value}</code>
            </dd>
          </div>
        ))}
      </dl>
      {answer.body ? <CodeBlock language={answer.isJson ? 'json' : 'text'}>{answer.body}</CodeBlock> : <p className={styles.muted}>{COPY.emptyBody}</p>}
    </>
  );
}
