import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { DatabaseError, type Db } from './database';
import { withNamedStatements } from './namedStatements';
import type { Schema } from './schema';

// PostgreSQL's driver, apart from database.ts so that it is loaded only when DATABASE_URL names
// a server (db/storage.ts imports this module on demand): node-postgres is ~3 MB of heap that
// a SQLite-only server never uses (issue 28).

/** BIGINT (epoch milliseconds, COUNT(*)) as a number: every value we store is far below 2^53. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A node-postgres pool for DATABASE_URL. A connection that breaks is dropped by the pool and the
 * next query opens a new one, so a restarted server is picked up without restarting us.
 */
export function openPostgres(url: string, onIdleError: (err: Error) => void = () => undefined, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max, types: pgTypes, connectionTimeoutMillis: 5_000 });
  // Without a listener, an idle client's error (the server restarting) would crash the process.
  pool.on('error', onIdleError);
  return { db: new Kysely<Schema>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) }), pool };
}

/** Fails with a DatabaseError naming the server when it cannot be reached: at start, that is fatal. */
export async function checkConnection(db: Db, url: string): Promise<void> {
  try {
    await sql`SELECT 1`.execute(db);
  } catch (err) {
    const target = (() => {
      try {
        const u = new URL(url);
        return `${u.hostname}:${u.port || 5432}${u.pathname}`;
      } catch {
        return 'DATABASE_URL';
      }
    })();
    throw new DatabaseError(`Cannot connect to PostgreSQL at ${target}: ${(err as Error).message || String(err)}`);
  }
}
