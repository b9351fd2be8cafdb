import type { Db, Engine } from '../db/database';
import { epochMs } from '../db/migrations';

/**
 * The shape of every Idempotency-Key table, declared once. Each feature that honours the header
 * owns a table of this shape (its own migrations create it, with createIdempotencyTable for new
 * ones) so its keys live and are swept with its data; the one store in ./store.ts runs on any.
 */
export interface IdempotencyTable {
  /** The header's value, prefixed with its scope where keys are per API key (the sandbox's). */
  key: string;
  request_hash: string;
  /** The remembered answer; both null while the request runs. */
  status_code: number | null;
  response_json: string | null;
  created_at: number;
  /** What the key's request created (checkout's order), bound in that resource's transaction. */
  resource_id: string | null;
  /** Epoch ms until which a running request holds the key; null once answered or released. */
  lease_until: number | null;
}

/** A new feature's Idempotency-Key table (checkout's was built by its migrations 001-003, to this same shape). */
export async function createIdempotencyTable(db: Db, engine: Engine, name: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_json', 'text')
    .addColumn('created_at', epochMs(engine), (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('lease_until', epochMs(engine))
    .execute();
}
