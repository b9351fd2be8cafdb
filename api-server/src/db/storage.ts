import { openSqlite, type Storage } from './database';
import { PgWrites } from './pgWrites';
import { Checkpointer } from './checkpointer';
import { GroupCommit } from './groupCommit';

export interface StorageOptions {
  /** postgres:// URL; unset: SQLite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** SQLite: called once when an fsync fails (see GroupCommit). */
  onSyncFailure?: (error: unknown) => void;
  /** SQLite: a checkpoint failed or its thread was lost (see Checkpointer); the server goes on. */
  onCheckpointTrouble?: (message: string) => void;
  /** PostgreSQL: an idle pooled connection failed (the pool replaces it on the next query). */
  onConnectionError?: (error: Error) => void;
  poolSize?: number;
}

/** The engine the configuration names, connected and checked: a DatabaseError when it cannot be used. */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl) {
    const { checkConnection, openPostgres } = await import('./postgres');
    const { db } = openPostgres(options.databaseUrl, options.onConnectionError, options.poolSize);
    try {
      await checkConnection(db, options.databaseUrl);
    } catch (err) {
      await db.destroy();
      throw err;
    }
    const writes = new PgWrites(db);
    return {
      engine: 'postgres',
      db,
      writes,
      close: async () => {
        await writes.idle();
        writes.close();
        await db.destroy();
      },
    };
  }
  const { db, raw, file } = openSqlite(options.dataDir);
  const writes = new GroupCommit(db, raw, options.onSyncFailure);
  const checkpointer = new Checkpointer(raw, options.onCheckpointTrouble);
  writes.setGate(() => checkpointer.quiet());
  return {
    engine: 'sqlite',
    db,
    writes,
    file,
    close: async () => {
      // Writes still queued or running (a handler whose client hung up) finish first.
      await writes.idle();
      await checkpointer.close();
      writes.close();
      await db.destroy();
    },
  };
}
