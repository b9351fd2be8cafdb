import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { IDEMPOTENCY, IDEMPOTENCY_HEADER } from '../../../../src/data/apiReference/common';
import type { Db } from '../../db/database';
import type { Logger } from '../../logger';
import { HttpError } from '../errors';
import type { IdempotencyStore } from './store';

export { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, IdempotencyStore, type IdempotencyTableName, type Recovery } from './store';
export { createIdempotencyTable, type IdempotencyTable } from './table';

const KEY_FORMAT = new RegExp(IDEMPOTENCY.keyPattern);

/**
 * How long a request whose key is still running elsewhere waits for that answer before it is
 * refused 409: a duplicate of a quick operation (two retries sent together) gets the first
 * answer; one of a slow operation (a payment provider taking its time) is told to retry.
 */
export const IN_FLIGHT_WAIT_MS = 1_000;
const IN_FLIGHT_POLL_MS = 50;

export type IdempotencyRefusal = (typeof IDEMPOTENCY.refusals)[keyof typeof IDEMPOTENCY.refusals];

/** Canonical JSON (sorted keys): the same parameters sent with their keys in another order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same" for a key: the operation and its validated parameters. */
export function requestFingerprint(operation: string, params: unknown): string {
  return createHash('sha256').update(`${operation}\n${canonical(params)}`).digest('hex');
}

/** The key is the caller's to run: record its answer with complete, or give it back with release. */
export interface ClaimedKey {
  kind: 'run';
  /** What a former run of this key created before it failed or its process died: carry it on. */
  resumeId?: string;
  /** In the transaction that creates the resource: the key and the resource are stored together. */
  bind(resourceId: string, tx: Db): Promise<void>;
  /** Remembers the answer, on `tx` when given (the work's own transaction). */
  complete(status: number, body: unknown, tx?: Db): Promise<void>;
  /** The run failed on our side: a retry runs again (resuming what it bound). */
  release(): Promise<void>;
}

export type Claim = ClaimedKey | { kind: 'replay'; status: number; body: unknown } | { kind: 'refused'; refusal: IdempotencyRefusal };

/**
 * The one way a request with an Idempotency-Key starts, for every feature (Stripe's rules):
 * - a key of the wrong format is refused (400);
 * - first use: the caller runs, with the key claimed under a lease renewed while it runs;
 * - same key, same parameters, answered: the first answer, to replay;
 * - same key, other parameters: refused (400), nothing runs;
 * - same key while its first request still runs (on any instance): refused (409) once that has
 *   not answered within IN_FLIGHT_WAIT_MS.
 * `scope` keeps keys apart where they belong to an API key (the sandbox's).
 */
export async function claimKey(
  store: IdempotencyStore,
  request: { header: string; scope?: string; fingerprint: string },
  logger: Logger,
): Promise<Claim> {
  if (!KEY_FORMAT.test(request.header)) return { kind: 'refused', refusal: IDEMPOTENCY.refusals.invalid };
  const key = request.scope === undefined ? request.header : `${request.scope}:${request.header}`;
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const begun = await store.begin(key, request.fingerprint);
    if (begun.kind === 'mismatch') return { kind: 'refused', refusal: IDEMPOTENCY.refusals.reused };
    if (begun.kind === 'replay') return begun;
    if (begun.kind === 'in-progress') {
      if (Date.now() >= deadline) return { kind: 'refused', refusal: IDEMPOTENCY.refusals.inFlight };
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      continue;
    }
    // Renewed while the caller runs, so a slow payment provider does not let the claim lapse.
    const heartbeat = setInterval(() => {
      store.renew(key).catch((err: unknown) => logger.warn({ err, key }, 'idempotency lease could not be renewed'));
    }, Math.max(1, Math.floor(store.leaseMs / 3)));
    heartbeat.unref();
    return {
      kind: 'run',
      ...(begun.kind === 'resume' ? { resumeId: begun.resourceId } : {}),
      bind: (resourceId, tx) => store.bind(key, resourceId, tx),
      complete: (status, body, tx) => {
        clearInterval(heartbeat);
        return store.complete(key, status, body, tx);
      },
      release: () => {
        clearInterval(heartbeat);
        return store.release(key);
      },
    };
  }
}

/** What a live-API route learns from `idempotent`: the key's hooks and what to resume. */
export interface IdempotencyContext {
  resumeId?: string;
  bind: (resourceId: string, tx: Db) => Promise<void>;
  /**
   * Records `body` as the key's answer in `tx`, the transaction of the work it answers: the
   * answer and the work are stored together or not at all. The route then sends this very
   * `body` (same object) and nothing more is written; a route that does not call it has its
   * answer recorded when it sends it, in a write of its own.
   */
  complete: (status: number, body: unknown, tx: Db) => Promise<void>;
}

export function idempotencyContext(res: Response): IdempotencyContext | undefined {
  return res.locals.idempotency as IdempotencyContext | undefined;
}

/**
 * claimKey as middleware of the live API (`/api`, its `{success, error}` envelope). Placed after
 * validateBody, so (as at Stripe) a request that fails validation is not remembered. The answer
 * the handler produces (2xx or 4xx) is recorded whether or not the client is still connected;
 * a 5xx is not remembered, so a retry runs again, resuming what the failed run bound.
 */
export function idempotent(store: IdempotencyStore, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(IDEMPOTENCY_HEADER);
    if (header === undefined) {
      next();
      return;
    }
    let claim: Claim;
    try {
      claim = await claimKey(store, { header, fingerprint: requestFingerprint(`${req.method} ${req.baseUrl}${req.path}`, res.locals.body ?? null) }, logger);
    } catch (err) {
      next(err);
      return;
    }
    if (claim.kind === 'refused') {
      next(new HttpError(claim.refusal.status, claim.refusal.message));
      return;
    }
    if (claim.kind === 'replay') {
      res.set(IDEMPOTENCY.replayedHeader, 'true');
      res.status(claim.status).json(claim.body);
      return;
    }
    const run = claim;
    let settled = false;
    // Also an answer sent without res.json (the last-resort handler): the lease stops being renewed.
    res.on('finish', () => {
      if (!settled) void run.release().catch(() => undefined);
    });
    // The answer the work's own transaction stored; set only once that transaction ran it.
    let recorded: { status: number; body: unknown } | undefined;
    const context: IdempotencyContext = {
      bind: run.bind,
      complete: async (status, body, tx) => {
        await run.complete(status, body, tx);
        recorded = { status, body };
      },
    };
    if (run.resumeId !== undefined) context.resumeId = run.resumeId;
    res.locals.idempotency = context;
    // The answer is recorded when the handler produces it, not when the socket closes: a client
    // that went away retries, and must find the outcome of the run it started.
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (settled) return json(body);
      settled = true;
      // Already stored with the work (a transaction that failed after the hook ran makes the
      // handler fail instead, and its error answer is another body).
      if (recorded !== undefined && recorded.body === body && recorded.status === res.statusCode) return json(body);
      // Recorded before the answer leaves: a retry on any instance then finds it.
      const record = res.statusCode >= 500 ? run.release() : run.complete(res.statusCode, body);
      record.then(
        () => json(body),
        (err: unknown) => {
          // The answer could not be remembered: a 503 the client retries, never a silent loss.
          res.status(503);
          next(err);
        },
      );
      return res;
    };
    next();
  };
}
