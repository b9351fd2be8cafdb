import fs from 'node:fs';
import type { Database as SqliteConnection } from 'better-sqlite3';
import { markInTransaction, StorageUnavailableError, type Db, type DirectStatements, type Writes } from './database';
import { TurnBatches, type WriteJob } from './turnBatches';

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface Committed {
  job: Pick<WriteJob, 'resolve' | 'reject'>;
  value: unknown;
}

/**
 * Group commit: write transactions that arrive together share one COMMIT and one fsync, and
 * the fsync runs off the event loop.
 *
 * Why: with synchronous=FULL every acknowledged write waits for the disk, and one fsync per
 * request capped the form endpoints at ~1,000 requests/s on our hardware; even one fsync per
 * batch, made by SQLite inside COMMIT, stopped the whole server for its duration.
 *
 * How: each write runs in its own savepoint (so one failing job, e.g. a ticket-id collision,
 * rolls back alone) and all jobs queued during one turn of the event loop (TurnBatches) commit together with
 * synchronous=NORMAL, which writes the WAL frames but does not sync them. The jobs run one after
 * another while this class holds Kysely's only SQLite connection, so no other query interleaves
 * (better-sqlite3 is synchronous: a batch never waits for I/O). The WAL file is then
 * fdatasync'ed on libuv's thread pool while the server goes on parsing the next requests (they
 * form the next batch), and every caller's promise settles only after that sync: "durable
 * before we answer" holds for each of them exactly as with synchronous=FULL. Writes made outside
 * this class still commit with the connection's synchronous=FULL.
 *
 * A failed fsync is not retried: after it the kernel may have dropped the dirty pages and a
 * second fsync can report success for data that never reached the disk (PostgreSQL's
 * "fsyncgate", 2018). So the batch is refused, every later write is refused, and onSyncFailure
 * lets the process stop; on restart SQLite rebuilds its state from what is really in the WAL.
 */
export class GroupCommit implements Writes {
  private readonly batches: TurnBatches;
  /** Committed to the WAL, waiting for the next fdatasync. */
  private unsynced: Committed[] = [];
  private syncing = false;
  private walFd: number | undefined;
  /** Off for databases without a WAL file (in memory, other journal modes): COMMIT syncs. */
  private readonly asyncSync: boolean;
  private readonly statements;
  /** Set once an fsync failed: from then on no write is taken (fail-stop). */
  private brokenBy: unknown;
  /** Asked before each batch whether to wait (the Checkpointer, which starts the log over then). */
  private gate: (() => Promise<unknown> | undefined) | undefined;
  /** The jobs' prepared queries, run on the connection this class holds during a batch (db/prepared.ts). */
  private readonly direct: DirectStatements;

  constructor(
    private readonly db: Db,
    /** The same connection, for the transaction control Kysely cannot express (BEGIN IMMEDIATE, pragmas). */
    private readonly raw: SqliteConnection,
    /** Called once when an fsync fails; the server exits so a supervisor restarts it. */
    private readonly onSyncFailure: (error: unknown) => void = () => undefined,
  ) {
    // One batch at a time: SQLite has one writer, and this class holds its only connection.
    this.batches = new TurnBatches({ write: (jobs) => this.write(jobs), maxBatches: 1, maxJobs: Infinity, gate: () => this.gate?.() });
    this.asyncSync = !raw.memory && String(raw.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
    const sql = (text: string) => raw.prepare(text);
    // Statements by SQL text: the hot queries are a few dozen, each prepared once.
    const prepared = new Map<string, ReturnType<typeof sql>>();
    this.direct = (text, parameters) => {
      let statement = prepared.get(text);
      if (!statement) prepared.set(text, (statement = sql(text)));
      // As Kysely's SQLite driver does: rows for a statement that returns some, none otherwise.
      if (statement.reader) return statement.all(parameters);
      statement.run(parameters);
      return [];
    };
    this.statements = {
      normal: sql('PRAGMA synchronous = NORMAL'),
      full: sql('PRAGMA synchronous = FULL'),
      begin: sql('BEGIN IMMEDIATE'),
      commit: sql('COMMIT'),
      rollback: sql('ROLLBACK'),
      savepoint: sql('SAVEPOINT group_commit_job'),
      release: sql('RELEASE group_commit_job'),
      rollbackTo: sql('ROLLBACK TO group_commit_job'),
    };
  }

  /** Runs `work` inside the next shared transaction; resolves with its result once it is on disk. */
  run<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.enqueue(work, true);
  }

  /** Runs `work` inside the next shared transaction; resolves once it is committed (see Writes.committed). */
  committed<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.enqueue(work, false);
  }

  private enqueue<T>(work: (tx: Db) => Promise<T>, durable: boolean): Promise<T> {
    if (this.brokenBy !== undefined) {
      return Promise.reject(new StorageUnavailableError('Writes are stopped after a failed fsync of the write-ahead log', { cause: this.brokenBy }));
    }
    return this.batches.add(work, durable);
  }

  idle(): Promise<void> {
    return this.batches.idle();
  }

  /** Resolves once everything committed so far is on disk (the mailer waits for this). */
  durable(): Promise<void> {
    if (this.brokenBy !== undefined) return this.run(async () => undefined);
    if (!this.batches.pending && this.unsynced.length === 0 && !this.syncing) return Promise.resolve();
    return this.run(async () => undefined);
  }

  /** See Checkpointer.quiet. */
  setGate(gate: (() => Promise<unknown> | undefined) | undefined): void {
    this.gate = gate;
  }

  private async write(jobs: WriteJob[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.connection().execute((tx) => this.runBatch(tx, jobs));
    } catch (error) {
      // BEGIN or COMMIT failed (disk full, I/O error): nothing of the batch is stored.
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const o = outcomes[i]!;
      if (!o.ok) job.reject(o.error);
      else if (this.asyncSync && job.durable) this.unsynced.push({ job, value: o.value });
      else job.resolve(o.value);
    });
    this.sync();
  }

  /** Holds the connection: the pragmas, BEGIN and COMMIT on it are ours alone. */
  private async runBatch(tx: Db, jobs: WriteJob[]): Promise<Outcome[]> {
    const s = this.statements;
    markInTransaction(tx, this.direct);
    const outcomes: Outcome[] = [];
    if (this.asyncSync) s.normal.run();
    try {
      s.begin.run();
      try {
        for (const job of jobs) outcomes.push(await this.runInSavepoint(tx, job));
        s.commit.run();
      } catch (error) {
        if (this.raw.inTransaction) s.rollback.run();
        throw error;
      }
    } finally {
      if (this.asyncSync) s.full.run();
    }
    return outcomes;
  }

  /** A throw undoes this job's writes only; the statements are prepared once, not per job. */
  private async runInSavepoint(tx: Db, job: WriteJob): Promise<Outcome> {
    const s = this.statements;
    s.savepoint.run();
    try {
      const value = await job.work(tx);
      s.release.run();
      return { ok: true, value };
    } catch (error) {
      // SQLite itself may have rolled the whole transaction back (e.g. SQLITE_FULL): then
      // there is no savepoint left, and the whole batch fails (see flush).
      if (!this.raw.inTransaction) throw error;
      s.rollbackTo.run();
      s.release.run();
      return { ok: false, error };
    }
  }

/** One fdatasync at a time; what commits meanwhile waits for the next, which covers it all. */
  private sync(): void {
    if (this.syncing || this.unsynced.length === 0) return;
    const batch = this.unsynced;
    this.unsynced = [];
    this.syncing = true;
    let fd: number;
    try {
      fd = this.wal();
    } catch (error) {
      this.settle(batch, error);
      return;
    }
    fs.fdatasync(fd, (error) => this.settle(batch, error ?? undefined));
  }

  private settle(batch: Committed[], error: unknown): void {
    this.syncing = false;
    if (error !== undefined) {
      // The rows are committed but not known to be on disk: none of them is acknowledged, and
      // nothing more is written by this process (see the class comment).
      const first = this.brokenBy === undefined;
      this.brokenBy ??= error;
      const reason = error instanceof Error ? error.message : String(error);
      const refused = new StorageUnavailableError(`The write-ahead log could not be synced to disk: ${reason}`, { cause: error });
      for (const { job } of [...batch, ...this.unsynced]) job.reject(refused);
      this.unsynced = [];
      for (const job of this.batches.takeQueued()) job.reject(refused);
      if (first) this.onSyncFailure(error);
      return;
    }
    for (const { job, value } of batch) job.resolve(value);
    this.sync();
  }

  /** The WAL file, opened once; reopened if SQLite ever deleted and recreated it. */
  private wal(): number {
    if (this.walFd !== undefined && fs.fstatSync(this.walFd).nlink > 0) return this.walFd;
    if (this.walFd !== undefined) {
      // Forgotten before the reopen, which can fail (the file gone): a closed descriptor kept
      // here would later be closed again, and by then its number may be another file's.
      const stale = this.walFd;
      this.walFd = undefined;
      fs.closeSync(stale);
    }
    this.walFd = fs.openSync(`${this.raw.name}-wal`, 'r');
    return this.walFd;
  }

  /** Closes the WAL handle (the database itself belongs to the caller). */
  close(): void {
    if (this.walFd !== undefined) fs.closeSync(this.walFd);
    this.walFd = undefined;
  }
}
