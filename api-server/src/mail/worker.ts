import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { isStorageFault, type Db } from '../db/database';
import type { Logger } from '../logger';
import type { OutboxRow, OutboxStore } from './outbox';
import type { MailSender } from './transport';
import { PassLoop } from '../jobs/passLoop';

export interface WorkerOptions {
  retryBaseMs: number;
  /**
   * How long a temporary failure keeps being retried, counted from when the message was queued
   * (or re-queued). RFC 5321 4.5.4.1: a queue should keep trying for at least 4-5 days.
   */
  giveUpAfterMs: number;
  /** Ceiling of the exponential backoff (default 30 minutes). */
  maxDelayMs?: number;
  /** Deliveries in flight at once; with a pooled transport they share its connections. */
  concurrency?: number;
  pollMs?: number;
  now?: () => number;
  /** True while requests wait for answers: the worker then sends one message at a time, with pauses. */
  busy?: () => boolean;
  /**
   * Resolves once every committed write is on disk. Awaited before reading due mail, so no
   * message leaves for a record whose request was not yet acknowledged (see GroupCommit).
   */
  durable?: () => Promise<void>;
  /**
   * Runs the worker's writes (claims, outcomes) in a transaction; index.ts passes the shared
   * Writes, so on SQLite they join the group commit and its fsync happens off the event loop
   * (a claim per message while busy, each committed with its own fsync on the loop, cost the
   * form endpoints about a fifth of their throughput). Default: a transaction of their own.
   */
  transact?: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  /** Pause between messages while busy (default 10 ms: at most ~100 messages/s under load). */
  busyPauseMs?: number;
  /**
   * How long a claimed message is this worker's alone (default 2 minutes, well above a
   * delivery's SMTP timeouts); a worker that died gives it back when this runs out.
   */
  leaseMs?: number;
  /** This worker's name in the outbox's claimed_by (default: host, pid and a random part). */
  id?: string;
  /** Told each delivery's outcome once it is recorded (metrics). */
  onOutcome?: (outcome: 'sent' | 'retry' | 'dead') => void;
}

export const DEFAULT_LEASE_MS = 2 * 60_000;

export const DEFAULT_MAX_DELAY_MS = 30 * 60_000;
export const DEFAULT_CONCURRENCY = 20;
/**
 * How long finished deliveries wait to be recorded together. A commit syncs the WAL (~4 ms
 * here, blocking the event loop); one per message capped delivery near 220 messages/s.
 */
const OUTCOME_WINDOW_MS = 10;

/**
 * The SMTP reply code of a delivery error, when the server gave one. nodemailer puts it on
 * `responseCode`; a refused connection or a timeout has none.
 */
function responseCode(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('responseCode' in err)) return undefined;
  const code = Number(err.responseCode);
  return Number.isInteger(code) ? code : undefined;
}

/** 5yz is a permanent refusal (RFC 5321 4.2.1): sending the same message again cannot help. */
export function isPermanent(err: unknown): boolean {
  const code = responseCode(err);
  return code !== undefined && code >= 500 && code < 600;
}

/**
 * Delivers due outbox messages, several at a time. Temporary failures (4yz replies, refused or
 * dropped connections) back off exponentially (base, 2×base, 4×base… capped) until the message
 * has been queued for giveUpAfterMs; a permanent 5yz refusal is dead at once. Dead mail is
 * logged and can be re-queued with `npm run tickets -- requeue`. Pending mail survives restarts
 * because it lives in the database, not in memory; workers of several instances share it, each
 * message claimed by one of them at a time (see OutboxStore.claimDue).
 */
export class OutboxWorker {
  private readonly loop: PassLoop;
  /** Ids being delivered now: a due row in flight is never handed to a second delivery. */
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Outcomes waiting to be written together: one transaction (one WAL sync) per window, not one per message. */
  private outcomes: ((tx: Db) => Promise<void>)[] = [];
  private outcomesWritten: Promise<void> | undefined;
  /** The first storage fault of a delivery in this pass: the pass ends with it. */
  private passError: { err: unknown } | undefined;

  private readonly id: string;
  /** Renews the leases of the rows in flight while they are: see renewLeases. */
  private renewal: NodeJS.Timeout | undefined;
  private readonly transact: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

  constructor(
    private readonly store: OutboxStore,
    private readonly send: MailSender,
    private readonly logger: Logger,
    private readonly options: WorkerOptions,
  ) {
    this.id = options.id ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.transact = options.transact ?? ((work) => store.batch(work));
    // A pass that fails (disk full, I/O error on the outbox or the spool) ends; the poll
    // starts the next one, so mail resumes by itself when the storage does.
    this.loop = new PassLoop(() => this.drain(), (err) => this.logger.warn({ err }, 'mail delivery pass failed, retrying at the next poll'), options.pollMs ?? 1_000);
  }

  start(): void {
    this.store.setOnEnqueue(() => this.kick());
    this.loop.start();
    // Three renewals per lease: one may be late (a busy loop, a slow commit) and the claim still holds.
    this.renewal = setInterval(() => void this.renewLeases(), this.leaseMs / 3).unref();
  }

  /** Runs a delivery pass now (or right after the current one). */
  kick(): void {
    this.loop.kick();
  }

  /** Waits for the deliveries in progress, then stops. */
  async stop(): Promise<void> {
    this.store.setOnEnqueue(undefined);
    await this.loop.stop();
    await Promise.all(this.inFlight.values());
    clearInterval(this.renewal);
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /**
   * A delivery that outlasts its lease (a slow relay, a loaded machine) would be claimed and sent
   * again by another worker, so the leases of the rows in flight are renewed while they are. A
   * worker that dies stops renewing, and its claims run out as before.
   */
  private async renewLeases(): Promise<void> {
    if (this.inFlight.size === 0) return;
    const ids = [...this.inFlight.keys()];
    await this.transact((tx) => this.store.renewClaims(ids, this.id, this.leaseMs, tx)).catch((err: unknown) => this.logger.warn({ err }, 'mail claims not renewed; another instance may send them again after their lease'));
  }

  private async drain(): Promise<void> {
    const concurrency = Math.max(1, this.options.concurrency ?? DEFAULT_CONCURRENCY);
    for (;;) {
      if (this.passError) {
        const { err } = this.passError;
        this.passError = undefined;
        await Promise.all(this.inFlight.values());
        throw err;
      }
      if (this.loop.stopped) return;
      // Mail is durable in the outbox; people waiting on a request go first: one at a time.
      const busy = this.options.busy?.() ?? false;
      const room = (busy ? 1 : concurrency) - this.inFlight.size;
      if (room <= 0) {
        await Promise.race(this.inFlight.values());
        continue;
      }
      await this.options.durable?.();
      if (this.loop.stopped) return;
      // Claimed rows are not due for any other worker until their lease ends, on any instance.
      const batch = await this.transact((tx) => this.store.claimDue(room, this.id, this.leaseMs, tx, [...this.inFlight.keys()]));
      if (batch.length === 0) {
        if (this.inFlight.size === 0) return;
        // Rows in flight may fail back into the due set (or new ones arrive): look again after one settles.
        await Promise.race(this.inFlight.values());
        continue;
      }
      for (const row of batch) {
        const delivery = this.deliver(row)
          // Kept for the pass to throw (and so never an unhandled rejection): the row stays due
          // and the next poll tries it again, instead of this pass spinning on a full disk.
          .catch((err: unknown) => {
            this.passError ??= { err };
          })
          .finally(() => this.inFlight.delete(row.id));
        this.inFlight.set(row.id, delivery);
      }
      if (busy) {
        await Promise.race(this.inFlight.values());
        await new Promise((r) => setTimeout(r, this.options.busyPauseMs ?? 10));
      }
    }
  }

  /**
   * Queues a status write and resolves once it is committed. The row stays in `inFlight` until
   * then, so no pass reads it as still due in between.
   */
  private record(write: (tx: Db) => Promise<void>): Promise<void> {
    this.outcomes.push(write);
    this.outcomesWritten ??= new Promise<void>((resolve, reject) =>
      setTimeout(() => {
        const writes = this.outcomes;
        this.outcomes = [];
        this.outcomesWritten = undefined;
        this.transact(async (tx) => {
          for (const w of writes) await w(tx);
        })
          .then(resolve, (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))));
      }, OUTCOME_WINDOW_MS),
    );
    return this.outcomesWritten;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    let sendError: unknown;
    try {
      await this.send(row);
    } catch (err) {
      // Our own disk, not the recipient, failed (e.g. the .eml spool is full): not the
      // message's fault, so no attempt is counted and the claim is given back rather than held
      // for the whole lease; the pass stops and the next poll retries.
      if (isStorageFault(err)) {
        await this.transact((tx) => this.store.releaseClaim(row.id, this.id, tx)).catch(() => undefined);
        throw err;
      }
      sendError = err ?? new Error('unknown delivery error');
    }
    if (sendError === undefined) {
      await this.record((tx) => this.store.markSent(row.id, tx));
      this.options.onOutcome?.('sent');
      this.logger.info({ outboxId: row.id, ref: row.ref, attempts: row.attempts + 1 }, 'mail sent');
      return;
    }
    let outcome: 'retry' | 'dead' = 'retry';
    await this.record(async (tx) => {
      outcome = await this.failed(row, sendError, tx);
    });
    this.options.onOutcome?.(outcome);
  }

  private async failed(row: OutboxRow, err: unknown, tx: Db): Promise<'retry' | 'dead'> {
    const attempts = row.attempts + 1;
    const message = err instanceof Error ? err.message : String(err);
    const now = this.options.now?.() ?? Date.now();
    if (isPermanent(err)) {
      await this.store.markFailed(row, message, null, tx);
      this.logger.error({ outboxId: row.id, ref: row.ref, attempts, err: message }, 'mail refused permanently, dead');
      return 'dead';
    }
    if (now - row.queuedAt >= this.options.giveUpAfterMs) {
      await this.store.markFailed(row, message, null, tx);
      this.logger.error({ outboxId: row.id, ref: row.ref, attempts, err: message }, 'mail dead: still failing after the give-up age');
      return 'dead';
    }
    const delay = Math.min(this.options.retryBaseMs * 2 ** Math.min(attempts - 1, 30), this.options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS);
    await this.store.markFailed(row, message, now + delay, tx);
    this.logger.warn({ outboxId: row.id, ref: row.ref, attempts, retryInMs: delay, err: message }, 'mail delivery failed, will retry');
    return 'retry';
  }
}
