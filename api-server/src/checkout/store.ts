import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { randomId } from '../random';
import { camelized, type Camelized } from '../db/rows';
import type { CheckoutTables } from './table';
import type { PlanId } from '../../../src/data/plans';

type OrderColumns = Selectable<CheckoutTables['checkout_orders']>;

export type OrderStatus = OrderColumns['status'];

/** An order as the services see it: its columns (table.ts), camelCased, with the plan id typed. */
export type OrderRecord = Omit<Camelized<OrderColumns>, 'planId'> & { planId: PlanId };

const toOrder = (r: OrderColumns): OrderRecord => ({ ...camelized(r), planId: r.plan_id as PlanId });

export type NewOrder = Pick<OrderRecord, 'planId' | 'planName' | 'amountCents' | 'currency' | 'period' | 'customerName' | 'customerEmail' | 'provider'>;

function newOrderId(): string {
  return `ord_${randomId(10)}`;
}

// The three writes of every checkout, built once (db/prepared.ts).
const insertOrder = prepared((db, o: NewOrder & { id: string; at: string }) =>
  db
    .insertInto('checkout_orders')
    .values({
      id: o.id,
      plan_id: o.planId,
      plan_name: o.planName,
      amount_cents: o.amountCents,
      currency: o.currency,
      period: o.period,
      customer_name: o.customerName,
      customer_email: o.customerEmail,
      status: 'pending',
      provider: o.provider,
      created_at: o.at,
      updated_at: o.at,
    })
    .returningAll(),
);
const attachSession = prepared((db, p: { id: string; session: string; at: string }) =>
  db.updateTable('checkout_orders').set({ provider_session_id: p.session, updated_at: p.at }).where('id', '=', p.id),
);
const markPaid = prepared((db, p: { id: string; at: string }) =>
  db.updateTable('checkout_orders').set({ status: 'paid', paid_at: p.at, updated_at: p.at }).where('id', '=', p.id).where('status', '=', 'pending'),
);

/** Orders and their payment outcome. Every write stamps updated_at with the injected clock. */
export class OrderStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Stores on `tx`: the caller's transaction, or on its own. */
  async create(order: NewOrder, tx: Db = this.db): Promise<OrderRecord> {
    const row = await insertOrder.first(tx, { ...order, id: newOrderId(), at: this.now().toISOString() });
    if (!row) throw new Error('checkout: the order insert returned no row');
    return toOrder(row);
  }

  async get(id: string): Promise<OrderRecord | undefined> {
    const row = await this.db.selectFrom('checkout_orders').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  async attachSession(id: string, sessionId: string, tx: Db = this.db): Promise<void> {
    await attachSession.execute(tx, { id, session: sessionId, at: this.now().toISOString() });
  }

  async markPaid(id: string, tx: Db = this.db): Promise<void> {
    await markPaid.execute(tx, { id, at: this.now().toISOString() });
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
