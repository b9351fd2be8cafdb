import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
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
