import type { Generated } from 'kysely';
import type { Migration } from '../../db/database';
import { autoId, epochMs } from '../../db/migrations';

/** Each sandbox key's events, read in order by the event stream (events/stream.ts) and swept with the key. */
export interface SandboxEventTables {
  sandbox_events: {
    /** The stream's event id (SSE `id:`): increasing, and per key in commit order (recordEvent takes the key's lock). */
    seq: Generated<number>;
    key_id: string;
    /** The event's own id, `evt_…`. */
    id: string;
    type: string;
    /** The event as a registered endpoint receives it: JSON text. */
    payload: string;
    created_at: number;
  };
}

export const sandboxEventMigrations: Migration[] = [
  {
    id: 'sandbox-events-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('sandbox_events')
        .addColumn('seq', autoId(engine), (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(engine), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandbox_events_key_seq').on('sandbox_events').columns(['key_id', 'seq']).execute();
    },
  },
];
