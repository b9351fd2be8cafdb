import { sql, type Kysely } from 'kysely';
import { IDEMPOTENCY } from '../../../src/data/apiReference/common';
import { atomically, type Db, type Writes } from '../db/database';
import { prepared } from '../db/prepared';
import type { Schema } from '../db/schema';
import type { IdempotencyTable } from './table';

/** How long a key is remembered (the documented 24 hours): after that the same key starts a new request. */
export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY.ttlMs;

/** The tables of the Idempotency-Key shape (./table.ts) that features own. */
export type IdempotencyTableName = { [K in keyof Schema]: Schema[K] extends IdempotencyTable ? (IdempotencyTable extends Schema[K] ? K : never) : never }[keyof Schema];

/** The queries below name the table at run time; its columns are the one declared shape. */
type KeysDb = Kysely<Record<string, IdempotencyTable>>;
const keysDb = (db: Db) => db as unknown as KeysDb;

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
 * Remembered answers by Idempotency-Key, in a table of the shape declared in ./table.ts, owned
 * by the feature whose requests they answer.
 *
 * A key moves through: claimed (a lease, renewed while its request runs) → bound to the resource
 * it created, in the same transaction → answered. The claim is a row, not process memory, so
 * every instance on the database sees it: a second request with the key is answered 409 while
 * the lease holds. A key whose lease ran out unanswered belongs to a request that failed after
 * creating its resource, or to a process that died; a retry then takes the key over and resumes
 * that resource instead of making a second one (Stripe's "recovery points").
 */
export interface IdempotencyStoreOptions {
  /**
   * The server's acknowledged writes (GroupCommit on SQLite): claims, renewals and answers ride
   * the same shared transactions and fsyncs as the work they guard. Without it (start-up
   * recovery, tools) each write is a transaction of its own.
   */
  writes?: Pick<Writes, 'run' | 'committed' | 'durable'>;
  leaseMs?: number;
  ttlMs?: number;
}

/** The writes every keyed request makes, built once per table (db/prepared.ts). */
function hotQueries(table: IdempotencyTableName) {
  return {
    claim: prepared((db, p: { key: string; hash: string; at: number; until: number | null; expiredBefore: number; resource: string | null; status: number | null; json: string | null }) =>
      // Of two instances taking the same new key at once, exactly one inserts; the other waits
      // for its commit and then reads its row. A key older than the TTL is another request by
      // now: it is taken over in the same statement (one write where a DELETE came first).
      keysDb(db)
        .insertInto(table)
        .values({ key: p.key, request_hash: p.hash, created_at: p.at, lease_until: p.until, resource_id: p.resource, status_code: p.status, response_json: p.json })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ request_hash: p.hash, created_at: p.at, lease_until: p.until, status_code: p.status, response_json: p.json, resource_id: p.resource })
            // The stored row's age, not the new one's: named with its table on both engines.
            .where(sql.ref(`${table}.created_at`), '<=', p.expiredBefore),
        )
        .returning('key'),
    ),
    bind: prepared((db, p: { key: string; resource: string }) => keysDb(db).updateTable(table).set({ resource_id: p.resource }).where('key', '=', p.key)),
    complete: prepared((db, p: { key: string; status: number; json: string }) =>
      keysDb(db).updateTable(table).set({ status_code: p.status, response_json: p.json, lease_until: null }).where('key', '=', p.key),
    ),
    completeOwned: prepared((db, p: { key: string; status: number; json: string; owner: string }) =>
      keysDb(db)
        .updateTable(table)
        .set({ status_code: p.status, response_json: p.json, lease_until: null })
        .where('key', '=', p.key)
        .where('resource_id', '=', p.owner),
    ),
  };
}

export class IdempotencyStore {
  readonly leaseMs: number;
  private readonly queries: ReturnType<typeof hotQueries>;
  private readonly ttlMs: number;
  private readonly commit: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  /** For claims and renewals: nobody is answered on them alone (see Writes.committed). */
  private readonly claim: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  /** Resolves once what was committed so far is durable: a replayed answer is never ahead of the disk. */
  private readonly durable: () => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly table: IdempotencyTableName,
    private readonly now: () => Date,
    options: IdempotencyStoreOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
    this.ttlMs = options.ttlMs ?? IDEMPOTENCY_TTL_MS;
    this.queries = hotQueries(table);
    const { writes } = options;
    // Why not a transaction of its own, as before: each one was a synchronous fsync on the event
    // loop, a third of a keyed checkout's main-thread time (issue 28).
    this.commit = writes ? (work) => writes.run(work) : (work) => atomically(this.db, work);
    this.claim = writes ? (work) => writes.committed(work) : this.commit;
    this.durable = writes ? () => writes.durable() : () => Promise.resolve();
  }

  /**
   * Claims the key, or says why not. Resolves once committed, before the sync: the run it starts
   * is acknowledged only through later writes, whose sync covers the claim (one fsync fewer
   * for each keyed request); a replay waits for the disk, as the answer it repeats did.
   */
  async begin(key: string, requestHash: string): Promise<BeginResult> {
    const result = await this.claim((db) => this.beginIn(db, key, requestHash));
    if (result.kind === 'replay') await this.durable();
    return result;
  }

  /** In `db`'s transaction (the caller's). */
  private async beginIn(db: Db, key: string, requestHash: string): Promise<BeginResult> {
    const tx = keysDb(db);
    const nowMs = this.now().getTime();
    const leaseUntil = nowMs + this.leaseMs;
    if (await this.claimNew(db, key, requestHash, {})) return { kind: 'new' };
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
  }

  /**
   * Claims a key nobody holds, in `db`'s transaction (the work's own): bound to the resource the
   * work just created, or answered at once. False when the key is taken (another request holds
   * it, or answered it within the TTL); nothing is written then.
   */
  async claimNew(db: Db, key: string, requestHash: string, state: { resourceId?: string; answer?: { status: number; body: unknown } }): Promise<boolean> {
    const nowMs = this.now().getTime();
    const { resourceId = null, answer } = state;
    const row = await this.queries.claim.first(db, {
      key,
      hash: requestHash,
      at: nowMs,
      until: answer ? null : nowMs + this.leaseMs,
      expiredBefore: nowMs - this.ttlMs,
      resource: resourceId,
      status: answer ? answer.status : null,
      json: answer ? JSON.stringify(answer.body) : null,
    });
    return row !== undefined;
  }

  /** claimNew with an answer, in a write of its own (a request answered without creating anything). */
  answerNew(key: string, requestHash: string, status: number, body: unknown): Promise<boolean> {
    return this.commit((db) => this.claimNew(db, key, requestHash, { answer: { status, body } }));
  }

  /**
   * Keeps the claim of a request that is still running (see IDEMPOTENCY_LEASE_MS). `owner`, here
   * and in complete and release: only while the key is bound to that resource, for a run that
   * claimed the key with its work and cannot know that this claim outlived a rollback.
   */
  async renew(key: string, owner?: string): Promise<void> {
    await this.claim((tx) =>
      keysDb(tx)
        .updateTable(this.table)
        .set({ lease_until: this.now().getTime() + this.leaseMs })
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .$if(owner !== undefined, (q) => q.where('resource_id', '=', owner!))
        .execute(),
    );
  }

  /** Called inside the transaction that creates the resource: both are stored, or neither. */
  async bind(key: string, resourceId: string, tx: Db = this.db): Promise<void> {
    await this.queries.bind.execute(tx, { key, resource: resourceId });
  }

  /** Records the answer: on `tx`, the transaction of the work it answers (both stored or neither), or on its own. */
  async complete(key: string, status: number, body: unknown, tx?: Db, owner?: string): Promise<void> {
    const json = JSON.stringify(body);
    const write = (db: Db) => (owner === undefined ? this.queries.complete.execute(db, { key, status, json }) : this.queries.completeOwned.execute(db, { key, status, json, owner }));
    await (tx ? write(tx) : this.commit(write));
  }

  /**
   * The request failed on our side. A key that created nothing is forgotten, so the retry runs
   * again; one bound to a resource stays, unclaimed, so the retry resumes it (it may already be paid).
   */
  async release(key: string, owner?: string): Promise<void> {
    await this.commit(async (db) => {
      const tx = keysDb(db);
      if (owner === undefined) await tx.deleteFrom(this.table).where('key', '=', key).where('status_code', 'is', null).where('resource_id', 'is', null).execute();
      await tx
        .updateTable(this.table)
        .set({ lease_until: null })
        .where('key', '=', key)
        .where('status_code', 'is', null)
        .$if(owner !== undefined, (q) => q.where('resource_id', '=', owner!))
        .execute();
    });
  }

  /**
   * At start-up, before any request: forgets expired keys and resolves those a dead process left
   * in progress, asking `decide` about each one bound to a resource. Only unclaimed keys and
   * those whose lease ran out: a key another live instance is running is left to it.
   */
  recover(decide: (resourceId: string, tx: Db) => Promise<Recovery>): Promise<{ answered: number; released: number; resumable: number }> {
    return atomically(this.db, async (db) => {
      const tx = keysDb(db);
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
        const outcome = resourceId === null ? 'release' : await decide(resourceId, db);
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
