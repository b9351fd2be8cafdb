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

/**
 * `ord_`, then the creation time in milliseconds and 48 random bits, 24 hex digits in all.
 * Time first (issue 28): new ids sort after the ones before, so an order's row joins the end of
 * the primary-key index, in pages the other orders of its batch write too, where a random id
 * wrote a page of the index of its own to the log at each commit (a keyed checkout 8,000 ->
 * 8,900 req/s). The id tells when the order was made, which its customer knows; the random part
 * keeps ids of the same millisecond apart and unguessable.
 */
export function newOrderId(at: Date): string {
  return `ord_${at.getTime().toString(16).padStart(12, '0')}${randomId(6)}`;
}

// The writes of every checkout, built once (db/prepared.ts).
const insertOrder = prepared((db, o: OrderRecord) =>
  db.insertInto('checkout_orders').values({
    id: o.id,
    plan_id: o.planId,
    plan_name: o.planName,
    amount_cents: o.amountCents,
    currency: o.currency,
    period: o.period,
    customer_name: o.customerName,
    customer_email: o.customerEmail,
    status: o.status,
    provider: o.provider,
    provider_session_id: o.providerSessionId,
    failure_reason: o.failureReason,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    paid_at: o.paidAt,
  }),
);
const attachSession = prepared((db, p: { id: string; session: string; at: string }) =>
  db.updateTable('checkout_orders').set({ provider_session_id: p.session, updated_at: p.at }).where('id', '=', p.id),
);
const markPaid = prepared((db, p: { id: string; at: string }) =>
  db.updateTable('checkout_orders').set({ status: 'paid', paid_at: p.at, updated_at: p.at }).where('id', '=', p.id).where('status', '=', 'pending'),
);

/** Orders and their payment outcome. Every write stamps updated_at with the injected clock. */
export class OrderStore {
  /** Orders of a `writeOnce` store, kept until `flush`. */
  private readonly drafts: Map<string, OrderRecord> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    options: { writeOnce?: boolean } = {},
  ) {
    if (options.writeOnce) this.drafts = new Map();
  }

  /**
   * For a transaction that holds every step of an order (a payment provider in this process):
   * what the steps do to the orders it creates is kept here, and `flush` inserts each order once,
   * as it ended. Nobody sees the steps apart before the commit anyway. An insert and two updates
   * of the same row were three round trips each on PostgreSQL, where a batch's jobs run one after
   * another on one connection (issue 28).
   */
  static writeOnce(tx: Db, now: () => Date): OrderStore {
    return new OrderStore(tx, now, { writeOnce: true });
  }

  /** Stores on `tx`: the caller's transaction, or on its own. */
  async create(order: NewOrder, tx: Db = this.db): Promise<OrderRecord> {
    const now = this.now();
    const at = now.toISOString();
    const record: OrderRecord = { ...order, id: newOrderId(now), status: 'pending', providerSessionId: null, failureReason: null, createdAt: at, updatedAt: at, paidAt: null };
    if (this.drafts) this.drafts.set(record.id, record);
    else await insertOrder.execute(tx, record);
    return { ...record };
  }

  async get(id: string): Promise<OrderRecord | undefined> {
    const draft = this.drafts?.get(id);
    if (draft) return { ...draft };
    const row = await this.db.selectFrom('checkout_orders').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  async attachSession(id: string, sessionId: string, tx: Db = this.db): Promise<void> {
    const at = this.now().toISOString();
    if (this.draft(id, (o) => Object.assign(o, { providerSessionId: sessionId, updatedAt: at }))) return;
    await attachSession.execute(tx, { id, session: sessionId, at });
  }

  async markPaid(id: string, tx: Db = this.db): Promise<void> {
    const at = this.now().toISOString();
    if (this.draft(id, (o) => o.status === 'pending' && Object.assign(o, { status: 'paid', paidAt: at, updatedAt: at }))) return;
    await markPaid.execute(tx, { id, at });
  }

  async markFailed(id: string, reason: string, tx: Db = this.db): Promise<void> {
    const failureReason = reason.slice(0, 500);
    const at = this.now().toISOString();
    if (this.draft(id, (o) => o.status === 'pending' && Object.assign(o, { status: 'failed', failureReason, updatedAt: at }))) return;
    await tx.updateTable('checkout_orders').set({ status: 'failed', failure_reason: failureReason, updated_at: at }).where('id', '=', id).where('status', '=', 'pending').execute();
  }

  /** Inserts the orders of a `writeOnce` store as their steps left them, in the transaction it was made for. */
  async flush(): Promise<void> {
    if (!this.drafts) return;
    for (const order of this.drafts.values()) await insertOrder.execute(this.db, order);
    this.drafts.clear();
  }

  /** Applies `change` to a kept order: false when `id` is not one (the write goes to the table). */
  private draft(id: string, change: (order: OrderRecord) => unknown): boolean {
    const order = this.drafts?.get(id);
    if (!order) return false;
    change(order);
    return true;
  }

  async list(limit = 100): Promise<OrderRecord[]> {
    return (await this.db.selectFrom('checkout_orders').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute()).map(toOrder);
  }
}
