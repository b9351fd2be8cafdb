import { sql } from 'kysely';
import { isStorageFault, markInTransaction, type Db, type Writes } from './database';
import { TurnBatches, type WriteJob } from './turnBatches';

/** Jobs in one shared transaction at most: a batch holds its connection for two round trips per job. */
const PG_MAX_BATCH = 64;

/** For this transaction only: COMMIT returns before the WAL flush (see PgWrites.committed). */
const skipFlush = (tx: Db) => sql`SET LOCAL synchronous_commit TO OFF`.execute(tx);

/**
 * Writes on PostgreSQL, durable at COMMIT (synchronous_commit=on). The jobs queued during one
 * turn of the event loop (TurnBatches) share one transaction on one connection, as GroupCommit's do on SQLite.
 *
 * Why: a ticket in a transaction of its own was four round trips (BEGIN, two INSERTs, COMMIT)
 * and a WAL flush; the socket writes alone were a quarter of the server's CPU under load (issue
 * 28). Shared, BEGIN and COMMIT are paid once per batch.
 *
 * A job that throws fails the shared transaction, which PostgreSQL then refuses to continue (no
 * savepoint per job: each would cost two more round trips). So it is rolled back and every job
 * of the batch runs again in a transaction of its own, and only a job that fails alone fails.
 * Not after a storage fault, nor after COMMIT was sent: then the batch may have been stored,
 * and each job is answered with the error, as a lone transaction would have been.
 */
export class PgWrites implements Writes {
  private readonly batches: TurnBatches;

  constructor(
    private readonly db: Db,
    /** Batches in flight at once, each on a connection of the pool. */
    maxBatches = 2,
  ) {
    this.batches = new TurnBatches({ write: (jobs) => this.write(jobs), maxBatches, maxJobs: PG_MAX_BATCH });
  }

  run<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.batches.add(work, true);
  }

  /**
   * COMMIT returns without waiting for the WAL flush (synchronous_commit off for this one
   * transaction): PostgreSQL writes its WAL in order, so the flush of any later durable commit
   * covers this one, as Writes.committed promises (issue 28: checkout's earlier steps, key claims).
   * In a batch with a durable job, the whole batch waits for the flush.
   */
  committed<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.batches.add(work, false);
  }

  durable(): Promise<void> {
    return Promise.resolve();
  }

  idle(): Promise<void> {
    return this.batches.idle();
  }

  close(): void {}

  private async write(jobs: WriteJob[]): Promise<void> {
    if (jobs.length === 1) await this.alone(jobs[0]!);
    else await this.together(jobs);
  }

  private async alone(job: WriteJob): Promise<void> {
    try {
      job.resolve(
        await this.db.transaction().execute(async (tx) => {
          if (!job.durable) await skipFlush(tx);
          return job.work(tx);
        }),
      );
    } catch (error) {
      job.reject(error);
    }
  }

  private async together(jobs: WriteJob[]): Promise<void> {
    const values: unknown[] = [];
    let failure: { error: unknown; retry: boolean } | undefined;
    try {
      await this.db.connection().execute(async (conn) => {
        markInTransaction(conn);
        await sql`BEGIN`.execute(conn);
        try {
          if (!jobs.some((j) => j.durable)) await skipFlush(conn);
          for (const job of jobs) values.push(await job.work(conn));
        } catch (error) {
          failure = { error, retry: !isStorageFault(error) };
          await sql`ROLLBACK`.execute(conn).catch(() => undefined);
          return;
        }
        // Past this point the outcome may be unknown (the connection lost during COMMIT).
        await sql`COMMIT`.execute(conn);
      });
    } catch (error) {
      failure ??= { error, retry: false };
    }
    if (failure === undefined) {
      jobs.forEach((job, i) => job.resolve(values[i]));
    } else if (failure.retry) {
      await Promise.all(jobs.map((job) => this.alone(job)));
    } else {
      for (const job of jobs) job.reject(failure.error);
    }
  }
}
