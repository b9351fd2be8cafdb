import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface Migration {
  /** Unique and stable forever, e.g. 'support-001'. Never edit a shipped migration: add a new one. */
  id: string;
  sql: string;
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

/**
 * True for failures of the storage underneath us (disk full, I/O error, lock timeout) rather
 * than of the request: worth a 503 and a retry later, never a crash or a dead letter.
 */
export function isStorageFault(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  if (err instanceof StorageUnavailableError) return true;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  return SQLITE_TEMPORARY.test(code) || FS_TEMPORARY.has(code);
}

/**
 * Opens the SQLite file in dataDir. WAL with synchronous=FULL: a transaction we acknowledged is
 * on disk before we answer, even if the machine loses power right after.
 */
export function openDatabase(dataDir: string, fileName = 'platform.db'): Db {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (err) {
    throw new DatabaseError(`DATA_DIR ${dataDir} is not a writable directory (${(err as Error).message})`);
  }
  const file = path.join(dataDir, fileName);
  let db: Db;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
  } catch (err) {
    throw new DatabaseError(`Cannot open database ${file}: ${(err as Error).message}`);
  }
  return db;
}

/** Applies, in order and each in its own transaction, the migrations not applied yet. */
export function runMigrations(db: Db, migrations: readonly Migration[]): string[] {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new DatabaseError(`Duplicate migration id ${m.id}`);
    ids.add(m.id);
  }
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    (db.prepare('SELECT id FROM schema_migrations').all() as { id: string }[]).map((r) => r.id),
  );
  const done: string[] = [];
  const record = db.prepare('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)');
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.id, new Date().toISOString());
    })();
    done.push(m.id);
  }
  return done;
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The prepared statement for `sql` on `db`, compiled once. Why: compiling costs more than
 * running a small INSERT, and the stores are called on every request.
 */
export function prepared(db: Db, sql: string): Database.Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let statement = byText.get(sql);
  if (!statement) byText.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/**
 * Runs `fn` in a transaction of its own, or as part of the one already open, whose owner then
 * answers for atomicity (GroupCommit gives every job its own savepoint). Why not always nest:
 * a nested savepoint journals each page it touches once more, about a quarter of the cost of
 * storing a ticket with its two mails.
 */
export function atomically<T>(db: Db, fn: () => T): T {
  return db.inTransaction ? fn() : db.transaction(fn)();
}
