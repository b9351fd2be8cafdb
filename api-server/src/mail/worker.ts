import { isStorageFault } from '../db/database';
import type { Logger } from '../logger';
import type { OutboxRow, OutboxStore } from './outbox';
import type { MailSender } from './transport';

export interface WorkerOptions {
  retryBaseMs: number;
  maxAttempts: number;
  /** Ceiling of the exponential backoff. */
  maxDelayMs?: number;
  pollMs?: number;
  now?: () => number;
  /** True while requests wait for answers: the worker then pauses between messages. */
  busy?: () => boolean;
  /**
   * Resolves once every committed write is on disk. Awaited before reading due mail, so no
   * message leaves for a record whose request was not yet acknowledged (see GroupCommit).
   */
  durable?: () => Promise<void>;
  /** Pause between messages while busy (default 10 ms: at most ~100 messages/s under load). */
  busyPauseMs?: number;
}

/**
 * Delivers due outbox messages one at a time. Failures back off exponentially
 * (base, 2×base, 4×base… capped); after maxAttempts the message is marked dead and logged.
 * Pending mail survives restarts because it lives in SQLite, not in memory.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly store: OutboxStore,
    private readonly send: MailSender,
    private readonly logger: Logger,
    private readonly options: WorkerOptions,
  ) {}

  start(): void {
    this.stopped = false;
    this.store.setOnEnqueue(() => this.kick());
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 1_000);
    this.timer.unref();
    this.kick();
  }

  /** Runs a delivery pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A pass that fails (disk full, I/O error on the outbox or the spool) ends; the poll timer
    // starts the next one, so mail resumes by itself when the storage does.
    this.running = this.drain().catch((err: unknown) => {
      this.logger.warn({ err }, 'mail delivery pass failed, retrying at the next poll');
    }).finally(() => {
      this.running = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Waits for the pass in progress, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.store.setOnEnqueue(undefined);
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      await this.options.durable?.();
      if (this.stopped) return;
      const batch = this.store.dueMessages(10);
      if (batch.length === 0) return;
      for (const row of batch) {
        if (this.stopped) return;
        await this.deliver(row);
        // Mail is durable in the outbox; people waiting on a request go first.
        if (this.options.busy?.()) await new Promise((r) => setTimeout(r, this.options.busyPauseMs ?? 10));
      }
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    try {
      await this.send(row);
      this.store.markSent(row.id);
      this.logger.info({ outboxId: row.id, ref: row.ref, attempts: row.attempts + 1 }, 'mail sent');
    } catch (err) {
      // Our own disk, not the recipient, failed (e.g. the .eml spool is full): not the
      // message's fault, so no attempt is counted; the pass stops and the next poll retries.
      if (isStorageFault(err)) throw err;
      const attempts = row.attempts + 1;
      const message = err instanceof Error ? err.message : String(err);
      if (attempts >= this.options.maxAttempts) {
        this.store.markFailed(row, message, null);
        this.logger.error({ outboxId: row.id, ref: row.ref, attempts, err: message }, 'mail dead after max attempts');
        return;
      }
      const delay = Math.min(this.options.retryBaseMs * 2 ** (attempts - 1), this.options.maxDelayMs ?? 15 * 60_000);
      const now = this.options.now?.() ?? Date.now();
      this.store.markFailed(row, message, now + delay);
      this.logger.warn({ outboxId: row.id, ref: row.ref, attempts, retryInMs: delay, err: message }, 'mail delivery failed, will retry');
    }
  }
}
