import { randomBytes } from 'node:crypto';
import { prepared, type Db, type Migration } from '../db/database';
import type { PlanId } from '../../../src/data/plans';

export const checkoutMigrations: Migration[] = [
  {
    id: 'checkout-001',
    sql: `CREATE TABLE checkout_orders (
      id TEXT PRIMARY KEY,
      plan_id TEXT NOT NULL,
      plan_name TEXT NOT NULL,
      amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
      currency TEXT NOT NULL,
      period TEXT NOT NULL,
      customer_name TEXT NOT NULL,
      customer_email TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
      provider TEXT NOT NULL,
      provider_session_id TEXT,
      failure_reason TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      paid_at TEXT
    );
    CREATE INDEX checkout_orders_email ON checkout_orders (customer_email);
    CREATE TABLE checkout_idempotency (
      key TEXT PRIMARY KEY,
      request_hash TEXT NOT NULL,
      status_code INTEGER,
      response_json TEXT,
      created_at INTEGER NOT NULL
    );`,
  },
  {
    // The order an Idempotency-Key created, bound in the order's own transaction: the recovery
    // point a retry resumes from after a failure or a crash.
    id: 'checkout-002',
    sql: `ALTER TABLE checkout_idempotency ADD COLUMN resource_id TEXT;`,
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

interface RawOrder {
  id: string;
  plan_id: PlanId;
  plan_name: string;
  amount_cents: number;
  currency: string;
  period: string;
  customer_name: string;
  customer_email: string;
  status: OrderStatus;
  provider: string;
  provider_session_id: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

const toOrder = (r: RawOrder): OrderRecord => ({
  id: r.id,
  planId: r.plan_id,
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

  create(order: NewOrder): OrderRecord {
    const at = this.now().toISOString();
    const id = newOrderId();
    prepared(
      this.db,
      `INSERT INTO checkout_orders (id, plan_id, plan_name, amount_cents, currency, period, customer_name, customer_email, status, provider, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
    ).run(id, order.planId, order.planName, order.amountCents, order.currency, order.period, order.customerName, order.customerEmail, order.provider, at, at);
    return this.get(id)!;
  }

  get(id: string): OrderRecord | undefined {
    const row = prepared(this.db, 'SELECT * FROM checkout_orders WHERE id = ?').get(id) as RawOrder | undefined;
    return row ? toOrder(row) : undefined;
  }

  attachSession(id: string, sessionId: string): void {
    prepared(this.db, 'UPDATE checkout_orders SET provider_session_id = ?, updated_at = ? WHERE id = ?').run(sessionId, this.now().toISOString(), id);
  }

  markPaid(id: string): void {
    const at = this.now().toISOString();
    prepared(this.db, `UPDATE checkout_orders SET status = 'paid', paid_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'`).run(at, at, id);
  }

  markFailed(id: string, reason: string): void {
    prepared(this.db, `UPDATE checkout_orders SET status = 'failed', failure_reason = ?, updated_at = ? WHERE id = ? AND status = 'pending'`)
      .run(reason.slice(0, 500), this.now().toISOString(), id);
  }

  list(limit = 100): OrderRecord[] {
    return (prepared(this.db, 'SELECT * FROM checkout_orders ORDER BY created_at DESC, id LIMIT ?').all(limit) as RawOrder[]).map(toOrder);
  }
}
