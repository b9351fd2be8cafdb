import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { prepared, type Db } from '../db/database';
import { HttpError } from '../http/errors';

/** How long a key is remembered, as Stripe does: after that the same key starts a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export type BeginResult =
  | { kind: 'new' }
  /** A former run of this key got as far as creating `resourceId`, then failed or the process died. */
  | { kind: 'resume'; resourceId: string }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

/** What start-up recovery does with a key a dead process left in progress. */
export type Recovery = { answer: { status: number; body: unknown } } | 'resume' | 'release';

/**
 * Remembered answers by Idempotency-Key, in the table the owning feature's migrations created
 * (key, request_hash, status_code, response_json, created_at, resource_id).
 *
 * A key moves through: in progress → (bound to the resource it created, in the same
 * transaction) → answered. Which keys are running is known in memory only: a key in progress
 * in the table but not running here belongs to a request that failed after creating its
 * resource, or to a process that died; a retry then resumes that resource instead of making
 * a second one (Stripe's "recovery points").
 */
export class IdempotencyStore {
  private readonly running = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly now: () => Date,
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
  ) {}

  begin(key: string, requestHash: string): BeginResult {
    const begun = this.db.transaction((): BeginResult => {
      const nowMs = this.now().getTime();
      prepared(this.db, `DELETE FROM ${this.table} WHERE key = ? AND created_at <= ?`).run(key, nowMs - this.ttlMs);
      const row = prepared(this.db, `SELECT request_hash, status_code, response_json, resource_id FROM ${this.table} WHERE key = ?`).get(key) as
        | { request_hash: string; status_code: number | null; response_json: string | null; resource_id: string | null }
        | undefined;
      if (!row) {
        prepared(this.db, `INSERT INTO ${this.table} (key, request_hash, created_at) VALUES (?, ?, ?)`).run(key, requestHash, nowMs);
        return { kind: 'new' };
      }
      if (row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.status_code !== null && row.response_json !== null) {
        return { kind: 'replay', status: row.status_code, body: JSON.parse(row.response_json) as unknown };
      }
      if (this.running.has(key)) return { kind: 'in-progress' };
      return row.resource_id === null ? { kind: 'new' } : { kind: 'resume', resourceId: row.resource_id };
    })();
    if (begun.kind === 'new' || begun.kind === 'resume') this.running.add(key);
    return begun;
  }

  /** Called inside the transaction that creates the resource: both are stored, or neither. */
  bind(key: string, resourceId: string): void {
    prepared(this.db, `UPDATE ${this.table} SET resource_id = ? WHERE key = ?`).run(resourceId, key);
  }

  complete(key: string, status: number, body: unknown): void {
    try {
      prepared(this.db, `UPDATE ${this.table} SET status_code = ?, response_json = ? WHERE key = ?`).run(status, JSON.stringify(body), key);
    } finally {
      this.running.delete(key);
    }
  }

  /**
   * The request failed on our side. A key that created nothing is forgotten, so the retry runs
   * again; one bound to a resource stays, so the retry resumes it (it may already be paid).
   */
  release(key: string): void {
    try {
      prepared(this.db, `DELETE FROM ${this.table} WHERE key = ? AND status_code IS NULL AND resource_id IS NULL`).run(key);
    } finally {
      this.running.delete(key);
    }
  }

  /**
   * At start-up, before any request: forgets expired keys and resolves those a dead process left
   * in progress, asking `decide` about each one bound to a resource.
   */
  recover(decide: (resourceId: string) => Recovery): { answered: number; released: number; resumable: number } {
    return this.db.transaction(() => {
      const counts = { answered: 0, released: 0, resumable: 0 };
      prepared(this.db, `DELETE FROM ${this.table} WHERE created_at <= ?`).run(this.now().getTime() - this.ttlMs);
      const stuck = prepared(this.db, `SELECT key, resource_id FROM ${this.table} WHERE status_code IS NULL`).all() as {
        key: string;
        resource_id: string | null;
      }[];
      for (const { key, resource_id: resourceId } of stuck) {
        const outcome = resourceId === null ? 'release' : decide(resourceId);
        if (outcome === 'release') {
          prepared(this.db, `DELETE FROM ${this.table} WHERE key = ?`).run(key);
          counts.released++;
        } else if (outcome === 'resume') {
          counts.resumable++;
        } else {
          prepared(this.db, `UPDATE ${this.table} SET status_code = ?, response_json = ? WHERE key = ?`).run(
            outcome.answer.status,
            JSON.stringify(outcome.answer.body),
            key,
          );
          counts.answered++;
        }
      }
      return counts;
    })();
  }
}

/** What the route learns from the middleware: the key's binding hook and what to resume. */
export interface IdempotencyContext {
  resumeId?: string;
  bind: (resourceId: string) => void;
}

export function idempotencyContext(res: Response): IdempotencyContext | undefined {
  return res.locals.idempotency as IdempotencyContext | undefined;
}

/**
 * Honours an `Idempotency-Key` header the way Stripe does. Placed after validateBody, so (as at
 * Stripe) a request that fails validation is not remembered. Then:
 * - first use: the request runs and its answer (2xx or 4xx) is remembered for 24 hours,
 *   whether or not the client is still connected when it is ready;
 * - same key, same parameters: the first answer is replayed, with `Idempotent-Replayed: true`;
 * - same key, other parameters: 422, the request does not run;
 * - same key while the first request still runs: 409;
 * - a 5xx is not remembered: a retry runs again, resuming what the failed run created.
 * Without the header the request simply runs.
 */
export function idempotent(store: IdempotencyStore): RequestHandler {
  return (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined) {
      next();
      return;
    }
    if (!KEY_FORMAT.test(key)) {
      next(new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters'));
      return;
    }
    // The validated body has its keys in schema order, so equal parameters hash equally.
    const hash = createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n${JSON.stringify(res.locals.body ?? null)}`).digest('hex');
    const begun = store.begin(key, hash);
    if (begun.kind === 'mismatch') {
      next(new HttpError(422, 'This Idempotency-Key was already used with different request parameters'));
      return;
    }
    if (begun.kind === 'in-progress') {
      next(new HttpError(409, 'A request with this Idempotency-Key is still being processed. Please retry shortly.'));
      return;
    }
    if (begun.kind === 'replay') {
      res.set('Idempotent-Replayed', 'true');
      res.status(begun.status).json(begun.body);
      return;
    }
    const context: IdempotencyContext = { bind: (id) => store.bind(key, id) };
    if (begun.kind === 'resume') context.resumeId = begun.resourceId;
    res.locals.idempotency = context;
    // The answer is recorded when the handler produces it, not when the socket closes: a client
    // that went away retries, and must find the outcome of the run it started.
    let settled = false;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!settled) {
        settled = true;
        if (res.statusCode >= 500) store.release(key);
        else store.complete(key, res.statusCode, body);
      }
      return json(body);
    };
    next();
  };
}
