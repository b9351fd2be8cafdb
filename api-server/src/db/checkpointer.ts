import { Worker } from 'node:worker_threads';
import type { Database as SqliteConnection } from 'better-sqlite3';

/** How often the log is copied back into the database file while writes come in. */
export const CHECKPOINT_INTERVAL_MS = 200;
/**
 * A log this many pages long (about 8 MB) is started over: passive checkpoints under steady
 * writes always find frames newer than the ones they copied, so the log would only grow.
 */
export const RESET_AT_PAGES = 2_000;
/** SQLite's own default, which the server's connection falls back to if the thread is lost. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;

export interface CheckpointResult {
  /** Pages in the write-ahead log, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
}

type Reply = ({ ok: true } & CheckpointResult) | { ok: false; error: string };

// Plain CommonJS run with `eval`: the server is bundled into one file, which has no second
// entry point for a worker to load. The driver's path comes from the main thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
parentPort.on('message', (mode) => {
  if (mode === 'close') {
    if (db) db.close();
    parentPort.close();
    return;
  }
  try {
    if (!db) {
      db = new Database(workerData.file, { fileMustExist: true });
      // Waits here, in this thread, never on the event loop.
      db.pragma('busy_timeout = 2000');
    }
    const r = db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
    parentPort.postMessage({ ok: true, log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ ok: false, error: String((e && e.message) || e) });
  }
});
`;

/**
 * Copies the write-ahead log back into the database file on a thread of its own.
 *
 * Why: SQLite checkpoints inside the COMMIT that takes the log past 1,000 pages, on the event
 * loop, and in WAL mode a checkpoint syncs the log and the database file. Measured on this
 * machine (batches of 20 rows of a ticket's size): half of all the time spent in COMMIT, and a
 * 10-14 ms stop of the whole server every few hundred commits, which is where the form posts'
 * p99 went (issue 28).
 *
 * How: the server's connection runs with wal_autocheckpoint=0, and a worker thread with its own
 * connection runs PRAGMA wal_checkpoint(PASSIVE) every CHECKPOINT_INTERVAL_MS. A passive
 * checkpoint never blocks the writer. Once the log is RESET_AT_PAGES long, GroupCommit holds its
 * next batch (`quiet`) while one more passive checkpoint copies the few frames left: with the whole
 * log copied, that batch starts the log file over, as after an automatic checkpoint. The event
 * loop never waits, only that batch's writes, for a few milliseconds. Durability does not change: our commits
 * are synced by GroupCommit before anyone is answered, and the checkpoint syncs the log before
 * and the database file after copying. If the thread cannot run (it failed to start, or died),
 * the connection gets SQLite's automatic checkpoints back, so the log stays bounded either way.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private timer: NodeJS.Timeout | undefined;
  private pending: ((reply: Reply) => void) | undefined;
  private stopped = false;
  private lastError: string | undefined;
  /** Set when the log is long enough to be started over at the next quiet moment. */
  private wantReset = false;

  private readonly resetAtPages: number;

  constructor(
    private readonly raw: SqliteConnection,
    private readonly onTrouble: (message: string) => void = () => undefined,
    /** Tests run smaller and faster. */
    tuning: { intervalMs?: number; resetAtPages?: number } = {},
  ) {
    const intervalMs = tuning.intervalMs ?? CHECKPOINT_INTERVAL_MS;
    this.resetAtPages = tuning.resetAtPages ?? RESET_AT_PAGES;
    raw.pragma('wal_autocheckpoint = 0');
    // After a reset, a log that grew large under a burst is cut back to this size.
    raw.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file: raw.name, driver: require.resolve('better-sqlite3') },
      // It allocates next to nothing: a small heap keeps the server's memory within its budget.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8, codeRangeSizeMb: 4 },
    });
    this.worker.on('message', (reply: Reply) => {
      const settle = this.pending;
      this.pending = undefined;
      if (!this.stopped) this.worker.unref();
      settle?.(reply);
    });
    this.worker.on('error', (err) => this.lost(`checkpoint thread failed: ${err.message}`));
    this.worker.on('exit', (code) => {
      if (!this.stopped) this.lost(`checkpoint thread exited with code ${code}`);
    });
    // After the listeners: adding a 'message' listener refs the worker again.
    this.worker.unref();
    this.timer = setInterval(() => void this.checkpoint().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  /**
   * For GroupCommit before each batch: undefined to go ahead, or a promise to await first, when
   * the log is to be started over and the batch must not write while its last frames are copied.
   */
  quiet(): Promise<unknown> | undefined {
    if (!this.wantReset || this.stopped) return undefined;
    return (async () => {
      // A round already under way may have started while the last batch was writing.
      if (this.pending) await new Promise<void>((resolve) => this.worker.once('message', () => resolve()));
      await this.checkpoint();
      // Nothing was written meanwhile: the log is copied whole, and the next write starts it over.
      this.wantReset = false;
    })();
  }

  /** One passive checkpoint; resolves with what it did (undefined when it could not run). */
  async checkpoint(): Promise<CheckpointResult | undefined> {
    if (this.stopped || this.pending) return undefined;
    const reply = await this.ask();
    if (!reply.ok) {
      // Busy or a full disk: the next round tries again; said once per kind of failure.
      if (reply.error !== this.lastError) this.onTrouble(`checkpoint failed: ${reply.error}`);
      this.lastError = reply.error;
      return undefined;
    }
    this.lastError = undefined;
    // `log` is the length this checkpoint saw: the writer has appended since, so even a log it
    // copied whole is not started over unless the next batch waits for one more checkpoint.
    this.wantReset = reply.log >= this.resetAtPages;
    return { log: reply.log, checkpointed: reply.checkpointed };
  }

  private ask(): Promise<Reply> {
    return new Promise<Reply>((resolve) => {
      this.pending = resolve;
      // Someone may be waiting for this answer (a batch held by `quiet`): the process must not
      // end meanwhile, as it would with nothing else to do (a tool, a benchmark).
      this.worker.ref();
      this.worker.postMessage('checkpoint');
    });
  }

  private lost(message: string): void {
    if (this.stopped) return;
    this.stop();
    this.onTrouble(`${message}; SQLite checkpoints on the server's own thread again`);
    try {
      if (this.raw.open) this.raw.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    } catch {
      // The connection is closing: nothing left to bound.
    }
  }

  private stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.pending?.({ ok: false, error: 'stopped' });
    this.pending = undefined;
  }

  /** Stops the thread once its checkpoint is done; closing the last connection afterwards checkpoints what is left. */
  async close(): Promise<void> {
    if (this.stopped) return;
    // Unreferenced, the thread would not keep the process alive while we wait for it here.
    this.worker.ref();
    const running = this.pending ? new Promise<void>((resolve) => this.worker.once('message', () => resolve())) : Promise.resolve();
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await running;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.postMessage('close');
    await exited;
  }
}
