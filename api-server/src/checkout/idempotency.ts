import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { atomically, type Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';

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
 * How long a running request's claim on its key lasts without renewal. The holder renews it every
 * third of that while it runs; a holder that died stops renewing, and the key is free again
 * this long after, on every instance.
 */
export const IDEMPOTENCY_LEASE_MS = 30_000;

/**
 * Remembered answers by Idempotency-Key, in the table the owning feature's migrations created
 * (key, request_hash, status_code, response_json, created_at, resource_id, lease_until).
 *
 * A key moves through: claimed (a lease, renewed while its request runs) → bound to the resource
 * it created, in the same transaction → answered. The claim is a row, not process memory, so
 * every instance on the database sees it: a second request with the key is answered 409 while
 * the lease holds. A key whose lease ran out unanswered belongs to a request that failed after
 * creating its resource, or to a process that died; a retry then takes the key over and resumes
 * that resource instead of making a second one (Stripe's "recovery points").
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    /** A table shaped like checkout_idempotency (the only one so far). */
    private readonly table: 'checkout_idempotency',
    private readonly now: () => Date,
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
    readonly leaseMs = IDEMPOTENCY_LEASE_MS,
  ) {}

  begin(key: string, requestHash: string): Promise<BeginResult> {
    return atomically(this.db, async (tx): Promise<BeginResult> => {
      const nowMs = this.now().getTime();
      const leaseUntil = nowMs + this.leaseMs;
      await tx.deleteFrom(this.table).where('key', '=', key).where('created_at', '<=', nowMs - this.ttlMs).execute();
      // Insert first: of two instances taking the same new key at once, exactly one inserts; the
      // other waits for its commit and then reads its row.
      const inserted = await tx
        .insertInto(this.table)
        .values({ key, request_hash: requestHash, created_at: nowMs, lease_until: leaseUntil })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { kind: 'new' };
      const row = await tx.selectFrom(this.table).select(['request_hash', 'status_code', 'response_json']).where('key', '=', key).executeTakeFirstOrThrow();
      if (row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.status_code !== null && row.response_json !== null) {
        return { kind: 'replay', status: row.status_code, body: JSON.parse(row.response_json) as unknown };
      }
      // Taken over only if no live holder renews it. PostgreSQL re-checks the condition after
      // waiting for a concurrent taker's row lock, so of two takers exactly one gets it.
      const taken = await tx
        .updateTable(this.table)
        .set({ lease_until: leaseUntil })
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', nowMs)]))
        .returning('resource_id')
        .executeTakeFirst();
      if (!taken) return { kind: 'in-progress' };
      return taken.resource_id === null ? { kind: 'new' } : { kind: 'resume', resourceId: taken.resource_id };
    });
  }

  /** Keeps the claim of a request that is still running (see IDEMPOTENCY_LEASE_MS). */
  async renew(key: string): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ lease_until: this.now().getTime() + this.leaseMs })
      .where('key', '=', key)
      .where('status_code', 'is', null)
      .execute();
  }

  /** Called inside the transaction that creates the resource: both are stored, or neither. */
  async bind(key: string, resourceId: string, tx: Db = this.db): Promise<void> {
    await tx.updateTable(this.table).set({ resource_id: resourceId }).where('key', '=', key).execute();
  }

  async complete(key: string, status: number, body: unknown): Promise<void> {
    await this.db.updateTable(this.table).set({ status_code: status, response_json: JSON.stringify(body), lease_until: null }).where('key', '=', key).execute();
  }

  /**
   * The request failed on our side. A key that created nothing is forgotten, so the retry runs
   * again; one bound to a resource stays, unclaimed, so the retry resumes it (it may already be paid).
   */
  async release(key: string): Promise<void> {
    await atomically(this.db, async (tx) => {
      await tx.deleteFrom(this.table).where('key', '=', key).where('status_code', 'is', null).where('resource_id', 'is', null).execute();
      await tx.updateTable(this.table).set({ lease_until: null }).where('key', '=', key).where('status_code', 'is', null).execute();
    });
  }

  /**
   * At start-up, before any request: forgets expired keys and resolves those a dead process left
   * in progress, asking `decide` about each one bound to a resource. Only unclaimed keys and
   * those whose lease ran out: a key another live instance is running is left to it.
   */
  recover(decide: (resourceId: string, tx: Db) => Promise<Recovery>): Promise<{ answered: number; released: number; resumable: number }> {
    return atomically(this.db, async (tx) => {
      const counts = { answered: 0, released: 0, resumable: 0 };
      await tx.deleteFrom(this.table).where('created_at', '<=', this.now().getTime() - this.ttlMs).execute();
      const nowMs = this.now().getTime();
      const stuck = await tx
        .selectFrom(this.table)
        .select(['key', 'resource_id'])
        .where('status_code', 'is', null)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', nowMs)]))
        .execute();
      for (const { key, resource_id: resourceId } of stuck) {
        const outcome = resourceId === null ? 'release' : await decide(resourceId, tx);
        if (outcome === 'release') {
          await tx.deleteFrom(this.table).where('key', '=', key).execute();
          counts.released++;
        } else if (outcome === 'resume') {
          counts.resumable++;
        } else {
          await tx
            .updateTable(this.table)
            .set({ status_code: outcome.answer.status, response_json: JSON.stringify(outcome.answer.body), lease_until: null })
            .where('key', '=', key)
            .execute();
          counts.answered++;
        }
      }
      return counts;
    });
  }
}

/** What the route learns from the middleware: the key's binding hook and what to resume. */
export interface IdempotencyContext {
  resumeId?: string;
  bind: (resourceId: string, tx: Db) => Promise<void>;
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
export function idempotent(store: IdempotencyStore, logger: Logger): RequestHandler {
  return async (req, res, next) => {
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
    let begun: BeginResult;
    try {
      begun = await store.begin(key, hash);
    } catch (err) {
      next(err);
      return;
    }
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
    // Renewed while the handler runs, so a slow payment provider does not let the claim lapse.
    const heartbeat = setInterval(() => {
      store.renew(key).catch((err: unknown) => logger.warn({ err, key }, 'idempotency lease could not be renewed'));
    }, Math.max(1, Math.floor(store.leaseMs / 3)));
    heartbeat.unref();
    // Also an answer sent without res.json (the last-resort handler): nothing runs any more.
    res.on('finish', () => clearInterval(heartbeat));
    const context: IdempotencyContext = { bind: (id, tx) => store.bind(key, id, tx) };
    if (begun.kind === 'resume') context.resumeId = begun.resourceId;
    res.locals.idempotency = context;
    // The answer is recorded when the handler produces it, not when the socket closes: a client
    // that went away retries, and must find the outcome of the run it started.
    let settled = false;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (!settled) {
        settled = true;
        clearInterval(heartbeat);
        // Recorded before the answer leaves: a retry on any instance then finds it.
        const record = res.statusCode >= 500 ? store.release(key) : store.complete(key, res.statusCode, body);
        record.then(
          () => json(body),
          (err: unknown) => {
            // The answer could not be remembered: a 503 the client retries, never a silent loss.
            settled = true;
            res.status(503);
            next(err);
          },
        );
        return res;
      }
      return json(body);
    };
    next();
  };
}
