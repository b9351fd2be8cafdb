import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, type SelectQueryBuilder, PostgresAdapter, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import type { Schema } from './schema';

/**
 * The one data-access layer: every query is written once with Kysely and runs on SQLite
 * (better-sqlite3, the default: nothing to install) or PostgreSQL (node-postgres pool, when
 * DATABASE_URL is set). Stores and services take a `Db` and never ask which engine it is; the
 * few engine-specific clauses live here (rowLocks, lockKey) and in the migrations.
 */
export type Db = Kysely<Schema>;
export type Engine = 'sqlite' | 'postgres';

export interface Migration {
  /** Unique and stable forever, e.g. 'support-001'. Never edit a shipped migration: add a new one. */
  id: string;
  /** Runs in a transaction of its own; `engine` only where the two really differ (types, functions). */
  up: (db: Db, engine: Engine) => Promise<void>;
}

/** Every acknowledged write goes through this (see GroupCommit for SQLite, PgWrites for PostgreSQL). */
export interface Writes {
  /** Runs `work` in a transaction; resolves with its result once it is committed and durable. */
  run<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Like run, but resolves once committed, maybe before it is durable: for a write nobody is told
   * about (an Idempotency-Key claim) and whose work is acknowledged only through a later run,
   * whose sync covers this write too (the log is synced in commit order).
   */
  committed<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Resolves once everything committed so far is durable (the mailer waits for this). */
  durable(): Promise<void>;
  /** Resolves once no write is queued, running or waiting for its sync (see Outstanding). */
  idle(): Promise<void>;
  close(): void;
}

export interface Storage {
  engine: Engine;
  db: Db;
  writes: Writes;
  /** Where the SQLite file is (absent on PostgreSQL). */
  file?: string;
  /** Once the writes handed over have settled (Writes.idle), closes the database. */
  close(): Promise<void>;
}

export class DatabaseError extends Error {
  override name = 'DatabaseError';
}

/** Writes are refused because the process can no longer trust its storage (see GroupCommit). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
}

const SQLITE_TEMPORARY = /^SQLITE_(FULL|IOERR|BUSY|LOCKED)/;
const FS_TEMPORARY = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS']);
/** The database server went away or cannot take us now: a network error, or SQLSTATE 08xxx, 57P0x, 53300. */
const NET_TEMPORARY = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const PG_TEMPORARY = /^(08...|57P0[1-3]|53300)$/;

/**
 * True for failures of the storage underneath us (disk full, I/O error, lock timeout, database
 * server lost) rather than of the request: worth a 503 and a retry later, never a crash or a
 * dead letter.
 */
export function isStorageFault(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if (err instanceof StorageUnavailableError) return true;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (SQLITE_TEMPORARY.test(code) || FS_TEMPORARY.has(code) || NET_TEMPORARY.has(code) || PG_TEMPORARY.test(code)) return true;
  // node-postgres reports a dropped or timed-out connection with a message and no code.
  const message = err instanceof Error ? err.message : '';
  return /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message);
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Serialises, until the end of the current transaction, the writers that name the same key (e.g.
 * an organization's next version number). SQLite has one writer at a time already; PostgreSQL
 * takes a transaction-level advisory lock.
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  if (isPostgres(tx)) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(tx);
}

/**
 * Adds FOR UPDATE SKIP LOCKED on PostgreSQL, where concurrent claimers must pass over each
 * other's rows; SQLite's single writer needs (and parses) no locking clause.
 */
export function rowLocks<Q extends SelectQueryBuilder<Schema, keyof Schema, object>>(query: Q, db: Db): Q {
  return isPostgres(db) ? (query.forUpdate().skipLocked() as Q) : query;
}

/** Executors GroupCommit runs jobs on: already inside its transaction, though Kysely does not know it. */
const inBatch = new WeakSet<Db>();

/** Runs one compiled statement on the connection itself and returns its rows (none for a write without RETURNING). */
export type DirectStatements = (sql: string, parameters: readonly unknown[]) => unknown[];
const directOf = new WeakMap<Db, DirectStatements>();

/** `direct`: how to run a statement on the batch's connection without Kysely's executor (see `directStatements`). */
export function markInTransaction(db: Db, direct?: DirectStatements): void {
  inBatch.add(db);
  if (direct) directOf.set(db, direct);
}

/**
 * For an executor GroupCommit runs jobs on: runs a statement on its SQLite connection directly.
 * Why: Kysely's executor wraps each statement in three async functions and their closures,
 * about a sixth of everything a keyed checkout allocated, and its GC was 15% of the CPU (issue 28).
 * Undefined elsewhere (PostgreSQL, Kysely's own transactions): those go through Kysely.
 */
export function directStatements(db: Db): DirectStatements | undefined {
  return directOf.get(db);
}

/**
 * Runs `fn` in a transaction of its own, or as part of the one already open, whose owner then
 * answers for atomicity (GroupCommit gives every job its own savepoint). Why not always nest:
 * a nested savepoint journals each page it touches once more, about a quarter of the cost of
 * storing a ticket with its two mails.
 */
export function atomically<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction || inBatch.has(db)) return fn(db);
  return db.transaction().execute(fn);
}

/** Applies, in order and each in its own transaction, the migrations not applied yet. */
export async function runMigrations(storage: Pick<Storage, 'db' | 'engine'>, migrations: readonly Migration[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new DatabaseError(`Duplicate migration id ${m.id}`);
    ids.add(m.id);
  }
  const { engine } = storage;
  // One connection for the whole run: PostgreSQL's session-level advisory lock belongs to it, so
  // instances starting together migrate one after the other, and each sees the others' work.
  return storage.db.connection().execute(async (db) => {
    if (engine === 'postgres') await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(db);
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(db);
      const applied = new Set((await db.selectFrom('schema_migrations').select('id').execute()).map((r) => r.id));
      const done: string[] = [];
      for (const m of migrations) {
        if (applied.has(m.id)) continue;
        await db.transaction().execute(async (tx) => {
          await m.up(tx, engine);
          await tx.insertInto('schema_migrations').values({ id: m.id, applied_at: new Date().toISOString() }).execute();
        });
        done.push(m.id);
      }
      return done;
    } finally {
      if (engine === 'postgres') await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(db);
    }
  });
}

/** An arbitrary constant: the advisory-lock id of schema migrations ("LEDG" in ASCII). */
const MIGRATION_LOCK_ID = 0x4c454447;

/** Prepared statements by SQL text. Why: compiling costs more than running a small INSERT. */
function cachingPrepare(db: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => db.close(),
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = db.prepare(text)));
      return statement;
    },
  };
}

/**
 * Write transactions take SQLite's write lock at BEGIN: a deferred one that read first could
 * not upgrade while another connection (the tickets command) writes, and would fail at once.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

/**
 * Opens the SQLite file in dataDir. WAL with synchronous=FULL: a transaction we acknowledged is
 * on disk before we answer, even if the machine loses power right after.
 */
export function openSqlite(dataDir: string, options: { fileName?: string; readonly?: boolean } = {}): { db: Db; raw: BetterSqlite3.Database; file: string } {
  const file = path.join(dataDir, options.fileName ?? 'platform.db');
  if (!options.readonly) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      fs.accessSync(dataDir, fs.constants.W_OK);
    } catch (err) {
      throw new DatabaseError(`DATA_DIR ${dataDir} is not a writable directory (${(err as Error).message})`);
    }
  }
  let raw: BetterSqlite3.Database;
  try {
    raw = new BetterSqlite3(file, options.readonly ? { readonly: true, fileMustExist: true } : {});
    if (!options.readonly) {
      raw.pragma('journal_mode = WAL');
      raw.pragma('synchronous = FULL');
      raw.pragma('foreign_keys = ON');
    }
    raw.pragma('busy_timeout = 5000');
    if (!options.readonly) {
      const check = raw.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
    }
  } catch (err) {
    throw new DatabaseError(`Cannot open database ${file}: ${(err as Error).message}`);
  }
  return { db: new Kysely<Schema>({ dialect: new ImmediateSqliteDialect(cachingPrepare(raw)) }), raw, file };
}
