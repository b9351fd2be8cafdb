import { randomUUID } from 'node:crypto';
import { atomically, prepared, type Db, type Migration } from '../db/database';
import { headerSafe } from './sanitize';

export const outboxMigrations: Migration[] = [
  {
    id: 'outbox-001',
    sql: `CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ref TEXT NOT NULL,
      message_id TEXT NOT NULL UNIQUE,
      to_addr TEXT NOT NULL,
      from_addr TEXT NOT NULL,
      reply_to TEXT,
      subject TEXT NOT NULL,
      text_body TEXT NOT NULL,
      html_body TEXT,
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'dead')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      last_error TEXT,
      created_at TEXT NOT NULL,
      sent_at TEXT
    );
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
    CREATE INDEX outbox_ref ON outbox (ref);`,
  },
  {
    // The give-up age counts from here; a re-queue restarts it, while created_at (the mail's
    // Date header) stays.
    id: 'outbox-002',
    sql: `ALTER TABLE outbox ADD COLUMN queued_at INTEGER;
    UPDATE outbox SET queued_at = CAST(ROUND((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER);`,
  },
];

export interface OutgoingMail {
  /** What the mail belongs to, e.g. 'support:SUP-7K3M9Q'. */
  ref: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
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

interface RawRow {
  id: number;
  ref: string;
  message_id: string;
  to_addr: string;
  from_addr: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  queued_at: number | null;
}

function toRow(r: RawRow): OutboxRow {
  return {
    id: r.id,
    ref: r.ref,
    messageId: r.message_id,
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

/**
 * The durable outbox. `enqueue` only writes a row, so a feature calls it inside the same
 * db.transaction() as the record the mail belongs to: both are stored, or neither.
 */
export class OutboxStore {
  private readonly insert;
  private readonly due;
  private readonly sent;
  private readonly failed;
  private onEnqueue: (() => void) | undefined;
  private readonly fromDomain: string;

  constructor(
    private readonly db: Db,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.fromDomain = (/@([^>\s]+)>?$/.exec(from)?.[1] ?? 'localhost').replace(/[^A-Za-z0-9.-]/g, '');
    this.insert = db.prepare(`INSERT INTO outbox
      (ref, message_id, to_addr, from_addr, reply_to, subject, text_body, html_body, next_attempt_at, created_at, queued_at)
      VALUES (@ref, @messageId, @to, @from, @replyTo, @subject, @text, @html, @nextAttemptAt, @createdAt, @nextAttemptAt)`);
    this.due = db.prepare(
      `SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?`,
    );
    this.sent = db.prepare(`UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?`);
    this.failed = db.prepare(
      `UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`,
    );
  }

  /** Lets the worker deliver right after the surrounding transaction commits. */
  setOnEnqueue(listener: (() => void) | undefined): void {
    this.onEnqueue = listener;
  }

  enqueue(mail: OutgoingMail): number {
    const now = this.now();
    const info = this.insert.run({
      ref: mail.ref,
      messageId: `<${now.getTime().toString(36)}.${randomUUID()}@${this.fromDomain}>`,
      to: headerSafe(mail.to),
      from: headerSafe(this.from),
      replyTo: mail.replyTo ? headerSafe(mail.replyTo) : null,
      subject: headerSafe(mail.subject),
      text: mail.text,
      html: mail.html ?? null,
      nextAttemptAt: now.getTime(),
      createdAt: now.toISOString(),
    });
    // Deferred so the worker never reads before the caller's transaction has committed.
    if (this.onEnqueue) setImmediate(this.onEnqueue);
    return Number(info.lastInsertRowid);
  }

  /** Due rows, oldest first, leaving out `exclude` (the ones a worker is delivering now). */
  dueMessages(limit = 10, exclude: readonly number[] = []): OutboxRow[] {
    if (exclude.length === 0) return (this.due.all(this.now().getTime(), limit) as RawRow[]).map(toRow);
    const skip = new Set(exclude);
    // The in-flight rows are still 'pending' and due: read past them rather than build an IN list.
    return (this.due.all(this.now().getTime(), limit + skip.size) as RawRow[])
      .filter((r) => !skip.has(r.id))
      .slice(0, limit)
      .map(toRow);
  }

  /** Runs several status writes as one transaction: one WAL sync instead of one per message. */
  batch(fn: () => void): void {
    atomically(this.db, fn);
  }

  markSent(id: number): void {
    this.sent.run(this.now().toISOString(), id);
  }

  markFailed(row: OutboxRow, error: string, nextAttemptAt: number | null): void {
    const status: OutboxStatus = nextAttemptAt === null ? 'dead' : 'pending';
    this.failed.run(status, row.attempts + 1, nextAttemptAt ?? row.nextAttemptAt, error.slice(0, 1000), row.id);
  }

  /**
   * Puts dead mail back in the queue, due now and with a fresh give-up age: `ids`, or every dead
   * message when `ids` is 'all-dead'. Only dead rows change. Returns the ids re-queued.
   */
  requeueDead(ids: readonly number[] | 'all-dead'): number[] {
    const now = this.now().getTime();
    return atomically(this.db, () => {
      const dead =
        ids === 'all-dead'
          ? (prepared(this.db, `SELECT id FROM outbox WHERE status = 'dead' ORDER BY id`).all() as { id: number }[]).map((r) => r.id)
          : ids.filter((id) => (prepared(this.db, 'SELECT status FROM outbox WHERE id = ?').get(id) as { status: string } | undefined)?.status === 'dead');
      const update = prepared(this.db, `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, queued_at = ? WHERE id = ?`);
      for (const id of dead) update.run(now, now, id);
      if (dead.length > 0 && this.onEnqueue) setImmediate(this.onEnqueue);
      return dead;
    });
  }

  list(filter: { status?: OutboxStatus; ref?: string } = {}, limit = 100): OutboxRow[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (filter.status) {
      where.push('status = ?');
      params.push(filter.status);
    }
    if (filter.ref) {
      where.push('ref = ?');
      params.push(filter.ref);
    }
    const sql = `SELECT * FROM outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    return (prepared(this.db, sql).all(...params, limit) as RawRow[]).map(toRow);
  }

  counts(): Record<OutboxStatus, number> {
    const rows = prepared(this.db, 'SELECT status, COUNT(*) AS n FROM outbox GROUP BY status').all() as {
      status: OutboxStatus;
      n: number;
    }[];
    const out: Record<OutboxStatus, number> = { pending: 0, sent: 0, dead: 0 };
    for (const r of rows) out[r.status] = r.n;
    return out;
  }
}
