import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { prepared, type Db } from '../db/database';
import { HttpError } from '../http/errors';

/** How long a key is remembered, as Stripe does: after that the same key starts a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export type BeginResult =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' };

/** Remembered answers by Idempotency-Key, in the table the owning feature's migration created. */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly table: string,
    private readonly now: () => Date,
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
  ) {}

  begin(key: string, requestHash: string): BeginResult {
    return this.db.transaction((): BeginResult => {
      const nowMs = this.now().getTime();
      prepared(this.db, `DELETE FROM ${this.table} WHERE key = ? AND created_at <= ?`).run(key, nowMs - this.ttlMs);
      const row = prepared(this.db, `SELECT request_hash, status_code, response_json FROM ${this.table} WHERE key = ?`).get(key) as
        | { request_hash: string; status_code: number | null; response_json: string | null }
        | undefined;
      if (!row) {
        prepared(this.db, `INSERT INTO ${this.table} (key, request_hash, created_at) VALUES (?, ?, ?)`).run(key, requestHash, nowMs);
        return { kind: 'new' };
      }
      if (row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.status_code === null || row.response_json === null) return { kind: 'in-progress' };
      return { kind: 'replay', status: row.status_code, body: JSON.parse(row.response_json) as unknown };
    })();
  }

  complete(key: string, status: number, body: unknown): void {
    prepared(this.db, `UPDATE ${this.table} SET status_code = ?, response_json = ? WHERE key = ?`).run(status, JSON.stringify(body), key);
  }

  /** Forgets a key whose request failed on our side, so the client's retry runs again. */
  abandon(key: string): void {
    prepared(this.db, `DELETE FROM ${this.table} WHERE key = ? AND status_code IS NULL`).run(key);
  }
}

/**
 * Honours an `Idempotency-Key` header the way Stripe does. Placed after validateBody, so (as at
 * Stripe) a request that fails validation is not remembered. Then:
 * - first use: the request runs and its answer (2xx or 4xx) is remembered for 24 hours;
 * - same key, same parameters: the first answer is replayed, with `Idempotent-Replayed: true`;
 * - same key, other parameters: 422, the request does not run;
 * - same key while the first request still runs: 409;
 * - a 5xx is not remembered, so a retry after our own failure runs again.
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
    let settled = false;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!settled) {
        settled = true;
        if (res.statusCode >= 500) store.abandon(key);
        else store.complete(key, res.statusCode, body);
      }
      return json(body);
    };
    res.on('close', () => {
      if (!settled) store.abandon(key);
    });
    next();
  };
}
