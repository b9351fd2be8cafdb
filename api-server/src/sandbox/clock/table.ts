import type { Migration } from '../../db/database';
import { epochMs } from '../../db/migrations';

/**
 * Sandbox time (issue 47): each key's test clock and its monthly allowance counts, beside the
 * migrations that make them; tests/api/db/tables.test.ts checks the two agree on both engines.
 * Both are swept with the key (SandboxStore.sweep).
 */
export interface SandboxClockTables {
  /** A key's clock once it was first advanced; before that it stands at the key's created_at. */
  sandbox_clocks: {
    key_id: string;
    /** The clock's time, epoch ms. */
    frozen_time: number;
  };
  /** What a key used in one month of its clock (src/data/sandboxTime.ts: allowances). */
  sandbox_usage: {
    key_id: string;
    /** YYYY-MM of the clock. */
    month: string;
    transactions: number;
    api_calls: number;
  };
}

export const sandboxClockMigrations: Migration[] = [
  {
    id: 'sandbox-clock-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('sandbox_clocks')
        .addColumn('key_id', 'text', (c) => c.primaryKey())
        .addColumn('frozen_time', epochMs(engine), (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sandbox_usage')
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('transactions', 'integer', (c) => c.notNull())
        .addColumn('api_calls', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('sandbox_usage_pk', ['key_id', 'month'])
        .execute();
      // The clock time each logged request was answered at (the request log shows it).
      await db.schema.alterTable('sandbox_requests').addColumn('clock_time', epochMs(engine)).execute();
    },
  },
];
