import type { Db } from './database';
import { Outstanding } from './outstanding';

/** One write handed to Writes.run or Writes.committed, waiting for its batch. */
export interface WriteJob {
  work: (tx: Db) => Promise<unknown>;
  /** False for `committed`: settled at COMMIT, without waiting for the log to reach the disk. */
  durable: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface TurnBatchesOptions {
  /**
   * Writes the batch and settles every job of it (resolve or reject). The returned promise ends
   * when the batch no longer holds its connection: the next batch may start then, even if the
   * jobs wait longer (GroupCommit settles them after its fdatasync).
   */
  write: (jobs: WriteJob[]) => Promise<void>;
  /** Batches written at once, each on a connection of its own. */
  maxBatches: number;
  /** Jobs in one batch at most; the rest wait for the next. */
  maxJobs: number;
  /**
   * Asked before each batch: undefined to go ahead, or a promise to await first. Jobs arriving
   * meanwhile join the batch (the SQLite checkpointer holds writes while it starts the log over).
   */
  gate?: () => Promise<unknown> | undefined;
}

/**
 * The batching core of both engines' Writes (GroupCommit on SQLite, PgWrites on PostgreSQL): the
 * jobs queued during one turn of the event loop are handed over together, so that they share one
 * transaction, one COMMIT and one flush of the log.
 *
 * Why per turn: a request's handler queues its write while the server parses the requests read in
 * the same turn; setImmediate runs after the poll phase, when every one of them has queued. Jobs
 * that arrive while `maxBatches` batches are being written wait, and leave together after.
 */
export class TurnBatches {
  private queue: WriteJob[] = [];
  private scheduled = false;
  private running = 0;
  private readonly outstanding = new Outstanding();

  constructor(private readonly options: TurnBatchesOptions) {}

  /** Queues `work` for the next batch; `idle` waits for it. */
  add<T>(work: (tx: Db) => Promise<T>, durable: boolean): Promise<T> {
    return this.outstanding.track(
      new Promise<T>((resolve, reject) => {
        this.queue.push({ work, durable, resolve: resolve as (value: unknown) => void, reject });
        this.schedule();
      }),
    );
  }

  /** Jobs not yet in a batch, removed from the queue (for an engine that refuses them all at once). */
  takeQueued(): WriteJob[] {
    return this.queue.splice(0);
  }

  /** True while a job is queued but not yet handed to a batch. */
  get pending(): boolean {
    return this.queue.length > 0;
  }

  /** Resolves once no job is queued, being written or waiting to be settled (see Outstanding). */
  idle(): Promise<void> {
    return this.outstanding.idle();
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.maxBatches || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    // While the gate holds, `scheduled` stays set: what arrives meanwhile joins this batch.
    const wait = this.options.gate?.();
    if (wait) await wait.catch(() => undefined);
    this.scheduled = false;
    const jobs = this.queue.splice(0, this.options.maxJobs);
    if (jobs.length === 0) return;
    this.running++;
    try {
      await this.options.write(jobs);
    } catch (error) {
      // `write` settles its jobs; a throw from it is a bug there, not a reason to hang callers.
      for (const job of jobs) job.reject(error);
    } finally {
      this.running--;
      this.schedule();
    }
  }
}
