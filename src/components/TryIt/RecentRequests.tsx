/**
 * The page key's request log in the Try it panel (loaded when "Recent requests" is expanded, see
 * ./Panel.tsx): the list, newest first; one request in detail; Replay; Copy as curl.
 * A request made from a terminal with the same key shows here after a refresh.
 */
import { Fragment, useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import { RECENT_REQUESTS_COPY as COPY } from '@site/src/data/tryItRecentRequests';
import { useCopy } from '@site/src/lib/useCopy';
import { toCurl } from './curl';
import {
  fetchRecentRequests,
  formatTime,
  prettyJson,
  RecentRequestsError,
  replayRequest,
  sendReplay,
  target,
  type LoggedRequest,
} from './recentRequests';
import type { SandboxKey } from './sandboxKey';
import styles from './RecentRequests.module.css';

type Status = { kind: 'loading' } | { kind: 'ready'; note?: string } | { kind: 'error'; message: string };

const messageOf = (err: unknown) => (err instanceof RecentRequestsError || err instanceof Error ? err.message : String(err));
const isOk = (status: number) => status >= 200 && status < 300;

/** A path that wraps between its segments (after / ? &) on a narrow screen, never inside a word. */
function Breakable({ text }: { text: string }): ReactNode {
  return text.split(/(?<=[/?&])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

export interface RecentRequestsProps {
  /** The panel's key for its plan, or null before the first Send has minted one. */
  apiKey: SandboxKey | null;
  /** A new value after each answer the panel gets, so the list shows that request too. */
  refreshOn?: unknown;
}

export default function RecentRequests({ apiKey, refreshOn }: RecentRequestsProps): ReactNode {
  const [entries, setEntries] = useState<LoggedRequest[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [replaying, setReplaying] = useState(false);
  // Answers arrive out of order when the reader refreshes quickly: only the latest load counts.
  const latest = useRef(0);
  const key = apiKey?.key ?? null;

  const load = useCallback(
    async (select?: string | null, note?: string) => {
      if (!key) return;
      const ticket = ++latest.current;
      setStatus({ kind: 'loading' });
      try {
        const list = await fetchRecentRequests(key);
        if (ticket !== latest.current) return;
        setEntries(list);
        setSelectedId((current) => (select && list.some((e) => e.id === select) ? select : list.some((e) => e.id === current) ? current : (list[0]?.id ?? null)));
        setStatus({ kind: 'ready', note });
      } catch (err) {
        if (ticket !== latest.current) return;
        if (err instanceof RecentRequestsError && err.kind === 'expired') setEntries(null);
        setStatus({ kind: 'error', message: messageOf(err) });
      }
    },
    [key],
  );

  useEffect(() => {
    void load();
  }, [load, refreshOn]);

  if (!apiKey) return <p className={styles.muted}>{COPY.noKey}</p>;

  const selected = entries?.find((e) => e.id === selectedId) ?? null;
  const loading = status.kind === 'loading';
  const announced = loading ? COPY.refreshing : status.kind === 'ready' ? [status.note, entries ? COPY.count(entries.length) : ''].filter(Boolean).join(' ') : '';

  const replay = async (entry: LoggedRequest) => {
    const built = replayRequest(entry, { origin: window.location.origin, key: apiKey.key });
    if (!built.ok) return setStatus({ kind: 'error', message: built.message });
    setReplaying(true);
    try {
      const answer = await sendReplay(built.request);
      await load(answer.requestId, COPY.replayed(`${answer.status} ${answer.statusText}`.trim()));
    } catch (err) {
      setStatus({ kind: 'error', message: messageOf(err) });
    } finally {
      setReplaying(false);
    }
  };

  return (
    <div className={styles.view}>
      <p className={styles.muted}>{COPY.intro}</p>
      <div className={styles.toolbar}>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
        <button type="button" className="button button--sm button--secondary" onClick={() => void (loading || load())} aria-disabled={loading}>
          {loading ? COPY.refreshing : COPY.refresh}
        </button>
        <p className={styles.live} role="status" aria-live="polite" data-testid="recent-status">
          {announced}
        </p>
      </div>
      {status.kind === 'error' ? (
        <p className={styles.error} role="alert">
          {status.message}
        </p>
      ) : null}
      {entries && entries.length === 0 ? <p className={styles.muted}>{COPY.empty}</p> : null}
      {entries && entries.length > 0 ? <EntryList entries={entries} selectedId={selectedId} onSelect={setSelectedId} /> : null}
      {selected ? <Detail entry={selected} apiKey={apiKey} replaying={replaying} onReplay={() => void replay(selected)} onError={(message) => setStatus({ kind: 'error', message })} /> : null}
    </div>
  );
}

/** Buttons in a labelled list; one tab stop, the arrow keys (and Home/End) move between them, as in a listbox. */
function EntryList({ entries, selectedId, onSelect }: { entries: LoggedRequest[]; selectedId: string | null; onSelect: (id: string) => void }): ReactNode {
  const list = useRef<HTMLUListElement>(null);
  const focusable = selectedId && entries.some((e) => e.id === selectedId) ? selectedId : entries[0]?.id;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-entry]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const button = buttons[Math.max(0, Math.min(buttons.length - 1, next))];
    if (!button) return;
    button.focus();
    onSelect(button.dataset.entry ?? '');
  };

  return (
    <ul ref={list} className={styles.list} aria-label={COPY.listLabel} onKeyDown={onKeyDown} data-testid="recent-list">
      {entries.map((e) => (
        <li key={e.id}>
          <button
            type="button"
            className={styles.entry}
            data-entry={e.id}
            aria-pressed={e.id === selectedId}
            tabIndex={e.id === focusable ? 0 : -1}
            onClick={() => onSelect(e.id)}>
            <span className={styles.method}>{e.method}</span>
            <span className={styles.path}>
              <Breakable text={target(e)} />
            </span>
            <span className={isOk(e.status) ? styles.ok : styles.failed} data-testid="recent-entry-status">
              {e.status}
            </span>
            <span className={styles.meta}>
              <time dateTime={e.created}>{formatTime(e.created)}</time> · {COPY.duration(e.durationMs)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface DetailProps {
  entry: LoggedRequest;
  apiKey: SandboxKey;
  replaying: boolean;
  onReplay: () => void;
  onError: (message: string) => void;
}

function Detail({ entry, apiKey, replaying, onReplay, onError }: DetailProps): ReactNode {
  const { copied, copy } = useCopy();
  const call = `${entry.method} ${target(entry)}`;
  const copyCurl = async () => {
    const built = replayRequest(entry, { origin: window.location.origin, key: apiKey.key });
    if (!built.ok) return onError(built.message);
    await copy(toCurl(built.request));
  };
  return (
    // A group, not a landmark: two open panels may show the same request, and landmarks need unique names.
    <div role="group" className={styles.detail} aria-label={COPY.detailLabel(call)} data-testid="recent-detail">
      <p className={styles.call}>
        <code className={styles.path}>
          <Breakable text={call} />
        </code>{' '}
        <span className={isOk(entry.status) ? styles.ok : styles.failed}>{entry.status}</span>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{COPY.requestIdLabel}</dt>
          <dd>
            <code data-testid="recent-request-id">{entry.id}</code>
          </dd>
        </div>
        <div>
          <dt>{COPY.timeLabel}</dt>
          <dd>
            <time dateTime={entry.created}>{formatTime(entry.created)}</time>
          </dd>
        </div>
        {entry.clockTime ? (
          <div>
            <dt>{COPY.clockTimeLabel}</dt>
            <dd>
              <time dateTime={entry.clockTime} data-testid="recent-clock-time">{entry.clockTime}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{COPY.durationLabel}</dt>
          <dd>{COPY.duration(entry.durationMs)}</dd>
        </div>
        {entry.apiVersion ? (
          <div>
            <dt>{COPY.versionLabel}</dt>
            <dd>
              <code data-testid="recent-api-version">{entry.apiVersion}</code>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.actions}>
        <button type="button" className="button button--sm button--primary" onClick={() => replaying || onReplay()} aria-disabled={replaying}>
          {replaying ? COPY.replaying : COPY.replay}
        </button>
        <button type="button" className="button button--sm button--secondary" onClick={() => void copyCurl()}>
          <span aria-live="polite">{copied ? COPY.curlCopied : COPY.copyCurl}</span>
        </button>
      </div>
      <p className={styles.hint}>{COPY.replayHint}</p>
      <h4 className={styles.part}>{COPY.requestHeaders}</h4>
      <CodeBlock language="json">{prettyJson(entry.request.headers)}</CodeBlock>
      <h4 className={styles.part}>{COPY.requestBody}</h4>
      <Body value={entry.request.body} />
      <h4 className={styles.part}>{COPY.responseBody}</h4>
      <Body value={entry.response.body} />
    </div>
  );
}

function Body({ value }: { value: unknown }): ReactNode {
  if (value === null || value === undefined) return <p className={styles.muted}>{COPY.emptyBody}</p>;
  return <CodeBlock language={typeof value === 'string' ? 'text' : 'json'}>{prettyJson(value)}</CodeBlock>;
}
