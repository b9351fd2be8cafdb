import { sql, type CompiledQuery, type Selectable } from 'kysely';
import { atomically, rowLocks, type Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Schema } from '../db/schema';
import { headerSafe } from './sanitize';

export interface OutgoingMail {
  /** What the mail belongs to, e.g. 'support:SUP-7K3M9Q'. */
  ref: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * When the record the mail belongs to was made (ISO 8601), if it is queued with it: the mail
   * then carries that time (its Date header, `created_at`), and the two are found together by
   * time and ref through an index that only ever grows at its end (mail/table.ts, outbox-006).
   * Default: when it is queued.
   */
  createdAt?: string;
}

export type OutboxStatus = 'pending' | 'sent' | 'dead';

export interface OutboxRow {
  id: number;
  ref: string;
  messageId: string;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Epoch ms of the (last) queueing: the give-up age counts from here. */
  queuedAt: number;
}

type RawRow = Selectable<Schema['outbox']>;

/**
 * The Message-ID: the row id (unique in this database, never reused) and its creation time (so a
 * database started afresh does not repeat an earlier one's ids) at the sender's domain. The same
 * on every attempt, so a retry that did reach the recipient is recognised as a duplicate.
 */
function messageIdOf(r: Pick<RawRow, 'id' | 'created_at'>, domain: string): string {
  return `<${r.id}.${Date.parse(r.created_at).toString(36)}@${domain}>`;
}

function toRow(r: ClaimedRow, domain: string): OutboxRow {
  return {
    id: r.id,
    ref: r.ref,
    messageId: messageIdOf(r, domain),
    to: r.to_addr,
    from: r.from_addr,
    replyTo: r.reply_to,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastError: r.last_error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    queuedAt: r.queued_at ?? Date.parse(r.created_at),
  };
}

type NewRow = Omit<RawRow, 'id' | 'message_id' | 'status' | 'attempts' | 'last_error' | 'sent_at' | 'claimed_by' | 'lease_until'> & { queued_at: number };

// Every form post queues one or two mails: built once (db/prepared.ts).
const insertMail = prepared((db, r: NewRow) =>
  db
    .insertInto('outbox')
    .values({
      ref: r.ref,
      to_addr: r.to_addr,
      from_addr: r.from_addr,
      reply_to: r.reply_to,
      subject: r.subject,
      text_body: r.text_body,
      html_body: r.html_body,
      next_attempt_at: r.next_attempt_at,
      created_at: r.created_at,
      queued_at: r.queued_at,
    })
    .returning('id'),
);

type ClaimParams = { worker: string; leaseUntil: number; now: number } & Record<`inFlight${number}`, number>;

/** What a claimed row needs for its delivery and its outcome (toRow): not the lease columns. */
const CLAIMED_COLUMNS = ['id', 'ref', 'to_addr', 'from_addr', 'reply_to', 'subject', 'text_body', 'html_body', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'sent_at', 'queued_at'] as const;
type ClaimedRow = Pick<RawRow, (typeof CLAIMED_COLUMNS)[number]>;

/**
 * The claim of due mail, built once for each shape: the number of mails the worker has in flight
 * (one stand-in per id) and the batch size, written into the SQL. Why prepared: a claim must
 * never hold the event loop for long at any backlog (issue 28), and building it was most of its
 * time. Why the limit is not a parameter: measured on SQLite, a bound LIMIT in the subquery cost
 * the claim of 20 a third more than the same number written in. The worker's batch is its free
 * room (at most its concurrency), so there are few shapes.
 */
const claimQueries = new Map<string, ReturnType<typeof buildClaim>>();
function claimQuery(inFlight: number, limit: number) {
  const shape = `${inFlight}:${limit}`;
  let q = claimQueries.get(shape);
  if (!q) claimQueries.set(shape, (q = buildClaim(inFlight, limit)));
  return q;
}

/** The statement claimDue runs, as sent to the engine (tests EXPLAIN it). */
export function claimStatement(db: Db, c: { limit: number; worker: string; leaseMs: number; now: number; inFlight: readonly number[] }): CompiledQuery<ClaimedRow> {
  if (!Number.isSafeInteger(c.limit) || c.limit < 1) throw new RangeError(`claim limit must be a positive integer, got ${c.limit}`);
  const params: ClaimParams = { worker: c.worker, leaseUntil: c.now + c.leaseMs, now: c.now };
  c.inFlight.forEach((id, i) => (params[`inFlight${i}`] = id));
  return claimQuery(c.inFlight.length, c.limit).compile(db, params);
}

function buildClaim(inFlight: number, limit: number) {
  return prepared((db, p: ClaimParams) =>
    db
      .updateTable('outbox')
      .set({ claimed_by: p.worker, lease_until: p.leaseUntil })
      .where('id', 'in', (eb) =>
        rowLocks(
          eb
            .selectFrom('outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', p.now)
            .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', p.now), w('claimed_by', '=', p.worker)]))
            // Stand-ins cannot be listed: each place of the list is a value of its own.
            .$if(inFlight > 0, (q) => q.where('id', 'not in', Array.from({ length: inFlight }, (_, i) => p[`inFlight${i}`]!)))
            // The order of the outbox_claim index: read in place, never sorted, so a claim
            // costs the same at any backlog.
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(sql.lit(limit)),
          db,
        ),
      )
      .returning(CLAIMED_COLUMNS),
  );
}

/**
 * The durable outbox. `enqueue` only writes a row, so a feature calls it with the transaction
 * of the record the mail belongs to: both are stored, or neither.
 */
export class OutboxStore {
  private onEnqueue: (() => void) | undefined;
  private readonly fromDomain: string;

  constructor(
    private readonly db: Db,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.fromDomain = (/@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost').replace(/[^A-Za-z0-9.-]/g, '');
  }

  /** Lets the worker deliver right after the surrounding transaction commits. */
  setOnEnqueue(listener: (() => void) | undefined): void {
    this.onEnqueue = listener;
  }

  /** Queues `mail` on `tx`: the caller's transaction, or on its own. */
  async enqueue(mail: OutgoingMail, tx: Db = this.db): Promise<number> {
    const now = this.now();
    const row = await insertMail.first(tx, {
      ref: mail.ref,
      to_addr: headerSafe(mail.to),
      from_addr: headerSafe(this.from),
      reply_to: mail.replyTo ? headerSafe(mail.replyTo) : null,
      subject: headerSafe(mail.subject),
      text_body: mail.text,
      html_body: mail.html ?? null,
      next_attempt_at: now.getTime(),
      created_at: mail.createdAt ?? now.toISOString(),
      queued_at: now.getTime(),
    });
    if (!row) throw new Error('outbox: the insert returned no id');
    // Deferred so the worker never reads before the caller's transaction has committed.
    if (this.onEnqueue) setImmediate(this.onEnqueue);
    return row.id;
  }

  /**
   * Claims up to `limit` due rows, longest due first, for `worker` until now + leaseMs: no other
   * worker gets them meanwhile, on any instance. PostgreSQL skips rows another worker is
   * claiming this very moment (FOR UPDATE SKIP LOCKED); SQLite has one writer at a time.
   * The worker's own claims count as due again, but for `inFlight` (those it is delivering now):
   * a claim it could not give back (its disk was full) is not stuck for the whole lease.
   */
  async claimDue(limit: number, worker: string, leaseMs: number, tx: Db = this.db, inFlight: readonly number[] = []): Promise<OutboxRow[]> {
    const rows = (await tx.executeQuery(claimStatement(tx, { limit, worker, leaseMs, now: this.now().getTime(), inFlight }))).rows;
    return rows.map((r) => toRow(r, this.fromDomain)).sort((a, b) => a.id - b.id);
  }

  /**
   * Extends `worker`'s claims on these rows to now + leaseMs (rows it no longer holds are left alone).
   * A row locked by another transaction (the worker's own outcome, which ends the claim) is skipped:
   * waiting locked rows in another order, and PostgreSQL's deadlock abort then dropped a renewal or
   * a recorded delivery, which the worker claimed and sent again.
   */
  async renewClaims(ids: readonly number[], worker: string, leaseMs: number, tx: Db = this.db): Promise<void> {
    if (ids.length === 0) return;
    const held = rowLocks(tx.selectFrom('outbox').select('id').where('id', 'in', ids).where('claimed_by', '=', worker), tx);
    await tx.updateTable('outbox').set({ lease_until: this.now().getTime() + leaseMs }).where('id', 'in', held).execute();
  }

  /** Gives a claimed row back at once (no attempt counted): due again for any worker. */
  async releaseClaim(id: number, worker: string, tx: Db = this.db): Promise<void> {
    await tx.updateTable('outbox').set({ claimed_by: null, lease_until: null }).where('id', '=', id).where('claimed_by', '=', worker).execute();
  }

  /** Runs several writes as one transaction: one WAL sync instead of one per message. */
  batch<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return atomically(this.db, fn);
  }

  async markSent(id: number, tx: Db = this.db): Promise<void> {
    await tx
      .updateTable('outbox')
      .set((eb) => ({ status: 'sent', attempts: eb('attempts', '+', 1), sent_at: this.now().toISOString(), last_error: null, claimed_by: null, lease_until: null }))
      .where('id', '=', id)
      .execute();
  }

  async markFailed(row: OutboxRow, error: string, nextAttemptAt: number | null, tx: Db = this.db): Promise<void> {
    const status: OutboxStatus = nextAttemptAt === null ? 'dead' : 'pending';
    await tx
      .updateTable('outbox')
      .set({ status, attempts: row.attempts + 1, next_attempt_at: nextAttemptAt ?? row.nextAttemptAt, last_error: error.slice(0, 1000), claimed_by: null, lease_until: null })
      .where('id', '=', row.id)
      .execute();
  }

  /**
   * Puts dead mail back in the queue, due now and with a fresh give-up age: `ids`, or every dead
   * message when `ids` is 'all-dead'. Only dead rows change. Returns the ids re-queued.
   */
  async requeueDead(ids: readonly number[] | 'all-dead'): Promise<number[]> {
    const now = this.now().getTime();
    if (ids !== 'all-dead' && ids.length === 0) return [];
    const dead = await atomically(this.db, async (tx) => {
      const rows = await tx
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, queued_at: now, claimed_by: null, lease_until: null })
        .where('status', '=', 'dead')
        .$if(ids !== 'all-dead', (qb) => qb.where('id', 'in', ids as readonly number[]))
        .returning('id')
        .execute();
      const done = new Set(rows.map((r) => r.id));
      return ids === 'all-dead' ? [...done].sort((a, b) => a - b) : ids.filter((id) => done.has(id));
    });
    if (dead.length > 0 && this.onEnqueue) setImmediate(this.onEnqueue);
    return dead;
  }

  async list(filter: { status?: OutboxStatus; ref?: string } = {}, limit = 100): Promise<OutboxRow[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status!))
      .$if(filter.ref !== undefined, (qb) => qb.where('ref', '=', filter.ref!))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => toRow(r, this.fromDomain));
  }

  /** Mail waiting to leave (due or backing off), across every instance sharing the database. */
  async pendingSummary(): Promise<{ pending: number; oldestQueuedAt: number | null }> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('queued_at').as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { pending: Number(row.n), oldestQueuedAt: row.oldest === null ? null : Number(row.oldest) };
  }

  async counts(): Promise<Record<OutboxStatus, number>> {
    const rows = await this.db.selectFrom('outbox').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    const out: Record<OutboxStatus, number> = { pending: 0, sent: 0, dead: 0 };
    for (const r of rows) out[r.status] = Number(r.n);
    return out;
  }
}
