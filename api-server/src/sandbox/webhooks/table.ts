import type { Generated } from 'kysely';
import type { Migration } from '../../db/database';
import { epochMs } from '../../db/migrations';

/**
 * The webhook delivery queue: one row per delivery still to be attempted. The delivery itself
 * (what GET /webhooks/{id}/deliveries shows, with its attempts) is a sandbox object of kind
 * `delivery`; each outcome updates both in one transaction, and the row goes once the delivery
 * succeeded or failed. Checked against the migrations by tests/api/db/tables.test.ts.
 */
export interface WebhookQueueTables {
  sandbox_webhook_queue: {
    /** The delivery's id (whd_…). */
    id: string;
    key_id: string;
    webhook_id: string;
    url: string;
    /** The webhook's secret when the event was queued: every attempt is signed with it. */
    secret: string;
    event_type: string;
    /** The event's JSON, byte for byte what every attempt sends. */
    body: string;
    attempts: Generated<number>;
    /** The first attempt plus the plan's documented "webhook retry attempts". */
    max_attempts: number;
    next_attempt_at: number;
    /** The worker attempting it now, until lease_until (epoch ms); then any worker may claim it again. */
    claimed_by: string | null;
    lease_until: number | null;
    created_at: number;
  };
}

export const webhookQueueMigrations: Migration[] = [
  {
    id: 'sandbox-webhooks-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('sandbox_webhook_queue')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', epochMs(engine), (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('lease_until', epochMs(engine))
        .addColumn('created_at', epochMs(engine), (c) => c.notNull())
        .execute();
      // Workers claim the due rows in this order; the key's rows go with the key (sweep).
      await db.schema.createIndex('sandbox_webhook_queue_due').on('sandbox_webhook_queue').columns(['next_attempt_at', 'id']).execute();
      await db.schema.createIndex('sandbox_webhook_queue_key').on('sandbox_webhook_queue').column('key_id').execute();
    },
  },
];
