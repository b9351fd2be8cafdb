import type { Db } from './database';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: write transactions that arrive together share one COMMIT, hence one fsync.
 *
 * Why: with synchronous=FULL every acknowledged write waits for the disk, and one fsync per
 * request capped the form endpoints at ~1,000 requests/s on our hardware. Here each write still
 * runs in its own savepoint (so one failing job, e.g. a ticket-id collision, rolls back alone),
 * all jobs queued during one turn of the event loop commit together, and every caller's promise
 * settles only after that COMMIT returned: "durable before we answer" holds for each of them.
 * When idle a job commits on the next turn of the loop, so a lone request waits no longer.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  /** Runs `work` inside the next shared transaction; resolves with its result after the commit. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // setImmediate runs after the poll phase: every request read in this turn has queued.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const jobs = this.queue;
    this.queue = [];
    if (jobs.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.db
        .transaction(() => {
          for (const job of jobs) {
            try {
              // A nested better-sqlite3 transaction is a savepoint: a throw undoes this job only.
              outcomes.push({ ok: true, value: this.db.transaction(job.work)() });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        })
        .immediate();
    } catch (error) {
      // The COMMIT itself failed (disk full, I/O error): nothing of the batch is stored.
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const o = outcomes[i]!;
      if (o.ok) job.resolve(o.value);
      else job.reject(o.error);
    });
  }
}
