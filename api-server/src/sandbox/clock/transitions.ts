import { INVOICE_OVERDUE_EVENT, overdueAt, SETTLEMENT_DELAY_MS, SETTLEMENT_FAILS_CUSTOMER, SETTLEMENT_FAILS_DESCRIPTION, FAILURE_REASONS } from '../../../../src/data/sandboxTime';
import { STATUSES } from '../../../../src/data/apiReference';
import { SETTLEMENT_STATUSES, type PaymentStatus, type TransactionStatus } from '../../../../src/data/apiReference/versions/settlement';
import { iso } from '../keys';
import { data, type Ctx } from '../operations/context';
import type { SandboxObjectRow } from '../store';
import { fireEvent } from '../webhooks/deliveries';
import type { SandboxEvent } from '../events/store';

/*
 * What happens to a key's objects as its clock moves (src/data/sandboxTime.ts). Found by reading
 * the key's objects (a key holds a bounded number), never scheduled in memory: any instance
 * advancing any key's clock finds the same transitions, in the same order.
 */

const [TXN_PENDING, TXN_COMPLETED, TXN_FAILED, TXN_RETURNED] = SETTLEMENT_STATUSES.transaction;
const [PAY_SUCCEEDED, PAY_FAILED, PAY_PENDING, PAY_RETURNED] = SETTLEMENT_STATUSES.payment;
export { PAY_FAILED, PAY_PENDING, PAY_RETURNED, PAY_SUCCEEDED, TXN_COMPLETED, TXN_FAILED, TXN_PENDING, TXN_RETURNED };

type Obj = Record<string, unknown>;

interface Transition {
  at: number;
  /** Ties at one time: settlements before due dates, then creation order. */
  rank: number;
  seq: number;
  apply: (ctx: Ctx) => Promise<SandboxEvent>;
}

/** The account balance moves back when money does not arrive (a failed or returned debit or credit). */
async function refund(ctx: Ctx, txn: Obj): Promise<void> {
  const row = await ctx.store.getObject(ctx.key.id, 'account', String(txn.account_id));
  if (!row) return;
  const a = data<{ balance: { current: number; available: number } } & Obj>(row);
  const balance = Math.round((a.balance.current - Number(txn.amount)) * 100) / 100;
  await ctx.store.updateObject(ctx.key.id, 'account', String(a.id), { ...a, balance: { ...a.balance, current: balance, available: balance }, updated_at: iso(ctx.now) });
}

/** A transaction's new status, stored with its updated_at and the event that says so. */
export async function moveTransaction(ctx: Ctx, row: SandboxObjectRow, status: TransactionStatus, reason?: string): Promise<{ object: Obj; event: SandboxEvent }> {
  const txn = data<Obj>(row);
  const next: Obj = { ...txn, status, updated_at: iso(ctx.now), ...(reason ? { failure_reason: reason } : {}) };
  if (status === TXN_FAILED || status === TXN_RETURNED) await refund(ctx, txn);
  await ctx.store.updateObject(ctx.key.id, 'transaction', row.id, next);
  const { event } = await fireEvent(ctx, status === TXN_COMPLETED ? 'transaction.completed' : 'transaction.failed', next);
  return { object: next, event };
}

export async function movePayment(ctx: Ctx, row: SandboxObjectRow, status: PaymentStatus, reason?: string): Promise<{ object: Obj; event: SandboxEvent }> {
  const next: Obj = { ...data<Obj>(row), status, ...(reason ? { failure_reason: reason } : {}) };
  await ctx.store.updateObject(ctx.key.id, 'payment', row.id, next);
  const { event } = await fireEvent(ctx, status === PAY_SUCCEEDED ? 'payment.succeeded' : 'payment.failed', next);
  return { object: next, event };
}

/** Every transition due in (from, to], in the order they happen. */
async function due(ctx: Ctx, from: number, to: number): Promise<Transition[]> {
  const out: Transition[] = [];
  const rows = async (kind: string) => ctx.store.listAll(ctx.key.id, kind, ctx.maxObjects);
  for (const row of await rows('transaction')) {
    const txn = data<Obj>(row);
    const at = Number(row.created_at) + SETTLEMENT_DELAY_MS;
    if (txn.status !== TXN_PENDING || at > to) continue;
    const fails = txn.description === SETTLEMENT_FAILS_DESCRIPTION;
    out.push({ at, rank: 0, seq: Number(row.seq), apply: async (c) => (await moveTransaction(c, row, fails ? TXN_FAILED : TXN_COMPLETED, fails ? FAILURE_REASONS.settlement : undefined)).event });
  }
  for (const row of await rows('payment')) {
    const pay = data<Obj>(row);
    const at = Number(row.created_at) + SETTLEMENT_DELAY_MS;
    if (pay.status !== PAY_PENDING || at > to) continue;
    const fails = pay.customer === SETTLEMENT_FAILS_CUSTOMER;
    out.push({ at, rank: 0, seq: Number(row.seq), apply: async (c) => (await movePayment(c, row, fails ? PAY_FAILED : PAY_SUCCEEDED, fails ? FAILURE_REASONS.settlement : undefined)).event });
  }
  for (const row of await rows('invoice')) {
    const inv = data<Obj>(row);
    const at = overdueAt(String(inv.due_date));
    if (at <= from || at > to || inv.status === STATUSES.invoice[2]) continue;
    out.push({ at, rank: 1, seq: Number(row.seq), apply: async (c) => (await fireEvent(c, INVOICE_OVERDUE_EVENT, inv)).event });
  }
  return out.sort((a, b) => a.at - b.at || a.rank - b.rank || a.seq - b.seq);
}

/** Applies every transition due in (from, to], each at its own time (its objects' updated_at, its event's created). */
export async function applyDue(ctx: Ctx, from: number, to: number): Promise<SandboxEvent[]> {
  const events: SandboxEvent[] = [];
  for (const t of await due(ctx, from, to)) events.push(await t.apply({ ...ctx, now: t.at }));
  return events;
}
