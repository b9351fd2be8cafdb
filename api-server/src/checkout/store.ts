import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db, Migration } from '../db/database';
import { epochMs } from '../db/migrations';
import type { Schema } from '../db/schema';
import type { PlanId } from '../../../src/data/plans';

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

export type OrderStatus = 'pending' | 'paid' | 'failed';

export interface OrderRecord {
  id: string;
  planId: PlanId;
  planName: string;
  /** Integer cents: money is never a float in storage. */
  amountCents: number;
  currency: string;
  period: string;
  customerName: string;
  customerEmail: string;
  status: OrderStatus;
  provider: string;
  providerSessionId: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
}

type RawOrder = Selectable<Schema['checkout_orders']>;

const toOrder = (r: RawOrder): OrderRecord => ({
  id: r.id,
  planId: r.plan_id as PlanId,
  planName: r.plan_name,
  amountCents: r.amount_cents,
  currency: r.currency,
  period: r.period,
  customerName: r.customer_name,
  customerEmail: r.customer_email,
  status: r.status,
  provider: r.provider,
  providerSessionId: r.provider_session_id,
  failureReason: r.failure_reason,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  paidAt: r.paid_at,
});

export type NewOrder = Pick<OrderRecord, 'planId' | 'planName' | 'amountCents' | 'currency' | 'period' | 'customerName' | 'customerEmail' | 'provider'>;

export function newOrderId(): string {
  return `ord_${randomBytes(10).toString('hex')}`;
}

/** Orders and their payment outcome. Every write stamps updated_at with the injected clock. */
export class OrderStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Stores on `tx`: the caller's transaction, or on its own. */
  async create(order: NewOrder, tx: Db = this.db): Promise<OrderRecord> {
    const at = this.now().toISOString();
    const row = await tx
      .insertInto('checkout_orders')
      .values({
        id: newOrderId(),
        plan_id: order.planId,
        plan_name: order.planName,
        amount_cents: order.amountCents,
        currency: order.currency,
        period: order.period,
        customer_name: order.customerName,
        customer_email: order.customerEmail,
        status: 'pending',
        provider: order.provider,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toOrder(row);
  }

  async get(id: string): Promise<OrderRecord | undefined> {
    const row = await this.db.selectFrom('checkout_orders').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  async attachSession(id: string, sessionId: string, tx: Db = this.db): Promise<void> {
    await tx.updateTable('checkout_orders').set({ provider_session_id: sessionId, updated_at: this.now().toISOString() }).where('id', '=', id).execute();
  }

  async markPaid(id: string, tx: Db = this.db): Promise<void> {
    const at = this.now().toISOString();
    await tx.updateTable('checkout_orders').set({ status: 'paid', paid_at: at, updated_at: at }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  async markFailed(id: string, reason: string, tx: Db = this.db): Promise<void> {
    await tx
      .updateTable('checkout_orders')
      .set({ status: 'failed', failure_reason: reason.slice(0, 500), updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  async list(limit = 100): Promise<OrderRecord[]> {
    return (await this.db.selectFrom('checkout_orders').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()).map(toOrder);
  }
}
