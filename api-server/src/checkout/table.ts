import { sql } from 'kysely';
import type { Migration } from '../db/database';
import { epochMs } from '../db/migrations';
import type { IdempotencyTable } from '../idempotency/table';

/**
 * Orders and their Idempotency-Keys: the columns as the queries see them (db/schema.ts composes every
 * feature's), beside the migrations that make them; tests/api/db/tables.test.ts checks that
 * the two agree on both engines.
 */
export interface CheckoutTables {
  checkout_orders: {
    id: string;
    plan_id: string;
    plan_name: string;
    /** Integer cents: money is never a float in storage. */
    amount_cents: number;
    currency: string;
    period: string;
    customer_name: string;
    customer_email: string;
    status: 'pending' | 'paid' | 'failed';
    provider: string;
    provider_session_id: string | null;
    failure_reason: string | null;
    created_at: string;
    updated_at: string;
    paid_at: string | null;
  };
  checkout_idempotency: IdempotencyTable;
}

export const checkoutMigrations: Migration[] = [
  {
    id: 'checkout-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('checkout_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('plan_id', 'text', (c) => c.notNull())
        .addColumn('plan_name', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('customer_name', 'text', (c) => c.notNull())
        .addColumn('customer_email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('pending', 'paid', 'failed')`))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_session_id', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema.createIndex('checkout_orders_email').on('checkout_orders').column('customer_email').execute();
      await db.schema
        .createTable('checkout_idempotency')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_json', 'text')
        .addColumn('created_at', epochMs(engine), (c) => c.notNull())
        .execute();
    },
  },
  {
    // The order an Idempotency-Key created, bound in the order's own transaction: the recovery
    // point a retry resumes from after a failure or a crash.
    id: 'checkout-002',
    up: async (db) => {
      await db.schema.alterTable('checkout_idempotency').addColumn('resource_id', 'text').execute();
    },
  },
  {
    // Which key is running lives in the table, not in one process: a retry sent to another
    // instance sees the claim (409), and a crashed holder's claim runs out.
    id: 'checkout-003',
    up: async (db, engine) => {
      await db.schema.alterTable('checkout_idempotency').addColumn('lease_until', epochMs(engine)).execute();
    },
  },
];
