import type { Engine } from './database';

/**
 * The type of an auto-numbered id column: SQLite's INTEGER PRIMARY KEY AUTOINCREMENT (ids never
 * reused), PostgreSQL's serial (a sequence, never reused either). Pair with autoIncrement() on SQLite.
 */
export function autoId(engine: Engine): 'integer' | 'serial' {
  return engine === 'sqlite' ? 'integer' : 'serial';
}

/** Epoch milliseconds: past 2^31, so BIGINT on PostgreSQL (SQLite's INTEGER holds 64 bits). */
export function epochMs(engine: Engine): 'integer' | 'bigint' {
  return engine === 'sqlite' ? 'integer' : 'bigint';
}
