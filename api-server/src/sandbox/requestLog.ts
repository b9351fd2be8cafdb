import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler, Response } from 'express';
import type { Insertable } from 'kysely';
import { SANDBOX_REDACTED, SANDBOX_REQUEST_LOG_BODY_BYTES, SANDBOX_REQUEST_LOG_SIZE } from '../../../src/data/sandbox';
import type { LoggedRequest } from '../../../src/schemas/sandbox';
import type { ApiEndpoint } from '../../../src/data/apiReference';
import { isSandboxOnly } from '../../../src/data/apiReference/endpoints/sandbox';
import type { Db, Writes } from '../db/database';
import type { Schema } from '../db/schema';
import type { Logger } from '../logger';
import { HttpError } from '../http/errors';
import { SandboxError } from './errors';
import { addUsage, clockTime } from './clock/store';
import { authenticate, iso, type SandboxKey } from './keys';
import { isApiVersion } from '../../../src/data/apiVersioning';

/*
 * Each sandbox key's request log: what a developer's code really sent and what it got back.
 * Kept in the database with the key's other data (so every instance sees it, and the expiry
 * sweep deletes it), the last SANDBOX_REQUEST_LOG_SIZE per key. An entry's wire shape,
 * LoggedRequest, is shared with the Try it panel from src/schemas/sandbox.ts.
 */

/** Headers whose value is a credential: only their scheme (if any) is kept. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * A body as kept: the JSON value itself when its text fits SANDBOX_REQUEST_LOG_BODY_BYTES,
 * otherwise that many bytes of its text followed by a marker saying how long it was.
 */
export function capBody(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  const bytes = Buffer.byteLength(text);
  if (bytes <= SANDBOX_REQUEST_LOG_BODY_BYTES) return value;
  // A cut through a multi-byte character decodes as U+FFFD: dropped rather than shown.
  const head = Buffer.from(text).subarray(0, SANDBOX_REQUEST_LOG_BODY_BYTES).toString('utf8').replace(/\uFFFD$/, '');
  return `${head}…[truncated: ${bytes} bytes in all, the first ${SANDBOX_REQUEST_LOG_BODY_BYTES} kept]`;
}

function redactedHeaders(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (!SECRET_HEADERS.has(name)) out[name] = text;
    else out[name] = /^\S+\s/.test(text) ? `${text.split(/\s/, 1)[0]} ${SANDBOX_REDACTED}` : SANDBOX_REDACTED;
  }
  return out;
}

/** The key may have been pasted anywhere (a header, the query, a body): it is never stored. */
const scrub = (text: string, secret: string) => (secret ? text.replaceAll(secret, SANDBOX_REDACTED) : text);

/** The bearer token as sent; authenticate() has already checked it is this request's key. */
const bearerOf = (req: Request) => /^Bearer\s+(\S+)/i.exec(req.get('authorization') ?? '')?.[1] ?? '';

async function insert(tx: Db, row: Insertable<Schema['sandbox_requests']>, apiCall: boolean): Promise<void> {
  // A logged request is one of the key's API calls, counted in the month of its clock (sandbox/clock/allowances.ts).
  const clock = await clockTime(tx, row.key_id, Number(row.created_at));
  if (apiCall) await addUsage(tx, row.key_id, clock, { apiCalls: 1 });
  await tx.insertInto('sandbox_requests').values({ ...row, clock_time: clock }).execute();
  // Trimmed on insert: a key's log never holds more than the newest SANDBOX_REQUEST_LOG_SIZE.
  const cutoff = await tx
    .selectFrom('sandbox_requests')
    .select('seq')
    .where('key_id', '=', row.key_id)
    .orderBy('seq', 'desc')
    .limit(1)
    .offset(SANDBOX_REQUEST_LOG_SIZE)
    .executeTakeFirst();
  if (cutoff) await tx.deleteFrom('sandbox_requests').where('key_id', '=', row.key_id).where('seq', '<=', cutoff.seq).execute();
}

export interface RecordDeps {
  writes: Writes;
  now: () => Date;
  logger: Logger;
}

/**
 * Records every answer given to a request with a valid key (res.locals.key, set once the key
 * is checked). The answer is held until its entry is committed, so a GET of the log sent right
 * after it arrives, to any instance, finds it; a failed write is logged and never costs the answer.
 * Why hold it: written after the answer, a GET to another PostgreSQL instance right after missed
 * the entry (the insert's transaction was still running). The cost on SQLite is the group
 * commit's fsync (a sandbox GET's median went from 1.1 to 5.5 ms on loopback here).
 */
export function recordRequests(deps: RecordDeps): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const created = deps.now().getTime();
    const json = res.json.bind(res);
    let recorded = false;
    res.json = (body: unknown): Response => {
      const key = (res.locals as { key?: SandboxKey }).key;
      if (!key || recorded) return json(body);
      recorded = true;
      const secret = bearerOf(req);
      const queryAt = req.originalUrl.indexOf('?');
      const text = (value: unknown) => scrub(JSON.stringify(value), secret);
      const row = {
        key_id: key.id,
        id: String(res.locals.requestId),
        created_at: created,
        method: req.method,
        path: scrub(queryAt < 0 ? req.originalUrl : req.originalUrl.slice(0, queryAt), secret),
        query: scrub(queryAt < 0 ? '' : req.originalUrl.slice(queryAt + 1), secret),
        status: res.statusCode,
        duration_ms: Math.round(performance.now() - started),
        request_headers: text(redactedHeaders(req)),
        request_body: text(capBody(req.body)),
        response_body: text(capBody(body)),
        api_version: (res.locals as { apiVersion?: string }).apiVersion ?? null,
      };
      deps.writes
        .run((tx) => insert(tx, row, !isSandboxOnly((res.locals as { endpoint?: ApiEndpoint }).endpoint)))
        .catch((err: unknown) => deps.logger.warn({ err, requestId: row.id }, 'sandbox request log entry not written'))
        .finally(() => json(body));
      return res;
    };
    next();
  };
}

/** A key's log, newest first. */
export async function listRequests(db: Db, keyId: string, limit: number = SANDBOX_REQUEST_LOG_SIZE): Promise<LoggedRequest[]> {
  const rows = await db.selectFrom('sandbox_requests').selectAll().where('key_id', '=', keyId).orderBy('seq', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    created: new Date(Number(r.created_at)).toISOString(),
    clockTime: r.clock_time === null ? null : iso(Number(r.clock_time)),
    method: r.method,
    path: r.path,
    query: r.query,
    status: Number(r.status),
    durationMs: Number(r.duration_ms),
    request: { headers: JSON.parse(r.request_headers) as Record<string, string>, body: JSON.parse(r.request_body) as unknown },
    response: { body: JSON.parse(r.response_body) as unknown },
    apiVersion: isApiVersion(r.api_version) ? r.api_version : null,
  }));
}

/** The log of the key behind `authorization` (a Bearer header): a SandboxError (401) without a valid key. */
export async function requestsOf(deps: { db: Db; now: () => Date }, authorization: string | undefined, limit?: number): Promise<LoggedRequest[]> {
  const key = await authenticate(deps, authorization);
  return listRequests(deps.db, key.id, limit);
}

/** GET /api/sandbox/requests[?limit=1..100], in the live API's envelope (401 `{success: false, error}`). */
export function requestLogRoute(deps: { db: Db; now: () => Date }): RequestHandler {
  return async (req, res) => {
    const raw = req.query.limit;
    const limit = raw === undefined ? SANDBOX_REQUEST_LOG_SIZE : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > SANDBOX_REQUEST_LOG_SIZE) {
      throw new HttpError(400, `limit must be a whole number from 1 to ${SANDBOX_REQUEST_LOG_SIZE}`);
    }
    try {
      res.json({ data: await requestsOf(deps, req.get('authorization'), limit) });
    } catch (err) {
      throw err instanceof SandboxError ? new HttpError(err.status, err.message) : err;
    }
  };
}
