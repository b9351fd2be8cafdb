/**
 * "Recent requests" of the Try it panel (issue 26): reading the page key's log from
 * GET /api/sandbox/requests and turning one entry back into a request, for Replay and for
 * Copy as curl. Pure functions apart from the one fetch, so the component and the unit tests
 * share them. The entry's shape is the wire type both sides import from src/schemas.
 */
import { PLAN_HEADER, SIMULATE_HEADER } from '@site/src/data/apiReference';
import { SANDBOX_BASE_PATH, SANDBOX_REQUESTS_URL } from '@site/src/data/sandbox';
import { TRY_IT_COPY } from '@site/src/data/tryIt';
import type { LoggedRequest } from '@site/src/schemas/sandbox';
import { RECENT_REQUESTS_COPY as COPY } from '@site/src/data/tryItRecentRequests';
import type { SandboxRequest } from './request';

export type { LoggedRequest };

/** Why the log could not be shown; `expired` asks the reader for a new key (a Send mints one). */
export class RecentRequestsError extends Error {
  constructor(
    message: string,
    readonly kind: 'expired' | 'network' | 'refused',
  ) {
    super(message);
  }
}

/** The key's log, newest first (the server's order). Throws RecentRequestsError with a human message. */
export async function fetchRecentRequests(key: string): Promise<LoggedRequest[]> {
  let res: Response;
  try {
    res = await fetch(SANDBOX_REQUESTS_URL, { headers: { Authorization: `Bearer ${key}` }, cache: 'no-store' });
  } catch {
    throw new RecentRequestsError(TRY_IT_COPY.networkError, 'network');
  }
  const data = (await res.json().catch(() => null)) as { data?: unknown; error?: unknown } | null;
  if (res.status === 401) throw new RecentRequestsError(COPY.expired, 'expired');
  if (!res.ok || !Array.isArray(data?.data)) {
    const reason = typeof data?.error === 'string' ? data.error : `HTTP ${res.status}`;
    throw new RecentRequestsError(COPY.loadError(reason), 'refused');
  }
  return data.data as LoggedRequest[];
}

/**
 * Headers a replay sends again, besides the page's key: the ones the API reads. Transport
 * headers (Host, Content-Length, User-Agent…) are the browser's to set. The Idempotency-Key
 * is left out on purpose: with it, the sandbox would only repeat its stored answer, and a
 * replay is meant to run the request again.
 */
const REPLAYED_HEADERS = ['X-API-Version', PLAN_HEADER, SIMULATE_HEADER, 'Content-Type'];

/** A body the log cut at its size cap cannot be sent again as it was. */
const TRUNCATED = /…\[truncated: \d+ bytes in all/;

export type ReplayBuild = { ok: true; request: SandboxRequest } | { ok: false; message: string };

/** The logged request as the page would send it now: same method, path, query, body and API headers, the page's key. */
export function replayRequest(entry: LoggedRequest, { origin, key }: { origin: string; key: string }): ReplayBuild {
  // The log only holds sandbox requests; anything else is never sent from the docs.
  if (!entry.path.startsWith(`${SANDBOX_BASE_PATH}/`)) return { ok: false, message: COPY.notSandbox };
  const body = entry.request.body;
  if (typeof body === 'string' && TRUNCATED.test(body)) return { ok: false, message: COPY.truncated };

  const sent = new Map(Object.entries(entry.request.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const headers: [string, string][] = [['Authorization', `Bearer ${key}`]];
  for (const name of REPLAYED_HEADERS) {
    const value = sent.get(name.toLowerCase());
    if (value !== undefined) headers.push([name, value]);
  }
  // Answered in the key's pinned version: the replay names it, so a pin moved since changes nothing.
  if (!sent.has('x-api-version') && entry.apiVersion) headers.push(['X-API-Version', entry.apiVersion]);
  const hasBody = body !== null && body !== undefined;
  if (hasBody && !sent.has('content-type')) headers.push(['Content-Type', 'application/json']);
  return {
    ok: true,
    request: {
      method: entry.method as SandboxRequest['method'],
      url: `${origin.replace(/\/+$/, '')}${entry.path}${entry.query ? `?${entry.query}` : ''}`,
      headers,
      body: hasBody ? JSON.stringify(body) : null,
    },
  };
}

/** What a replay got: its status and the Request-Id under which it is now logged. */
export interface ReplayAnswer {
  status: number;
  statusText: string;
  requestId: string | null;
}

export async function sendReplay(request: SandboxRequest): Promise<ReplayAnswer> {
  let res: Response;
  try {
    res = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body ?? undefined });
  } catch {
    throw new RecentRequestsError(TRY_IT_COPY.networkError, 'network');
  }
  // Read to the end so the connection is free; the body itself is shown from the log.
  await res.text().catch(() => '');
  return { status: res.status, statusText: res.statusText, requestId: res.headers.get('request-id') };
}

/** JSON as the panel's other code blocks show it; a body that is not JSON (a capped one) as it came. */
export function prettyJson(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** The path with its query, as the list shows it. */
export const target = (entry: Pick<LoggedRequest, 'path' | 'query'>): string => (entry.query ? `${entry.path}?${entry.query}` : entry.path);

/** Time of day on the reader's clock (the log is at most a day old: its key lives 24 hours). */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
