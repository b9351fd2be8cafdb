import { EXAMPLES, STATUSES } from '../../../../src/data/apiReference';
import { SETTLEMENT_STATUSES } from '../../../../src/data/apiReference/versions/settlement';
import { PLAN_LIMITS } from '../../../../src/data/limits';
import { getPlan } from '../../../../src/data/plans';
import { SANDBOX_DEFAULT_PAGE_SIZE } from '../../../../src/data/sandbox';
import { SandboxError } from '../errors';
import { iso, newId } from '../keys';
import type { NewObject, SandboxObjectRow } from '../store';
import { MAGIC } from '../../../../src/data/apiReference/fixtures';
import { create, data, fixtureError, mustGet, page, planLimitError, str, type Operation } from './context';

type Account = typeof EXAMPLES.Account & { balance: { current: number; available: number; currency: string } };

/** Accounts, transactions and payments, stored per key. */
export const BANKING_OPERATIONS: Record<string, Operation> = {
  listBankAccounts: (ctx) => page(ctx, 'account', 'account'),
  createBankAccount: async (ctx) => {
    const max = PLAN_LIMITS[ctx.key.plan].maxAccounts;
    if (max !== null && (await ctx.store.countObjects(ctx.key.id, 'account')) >= max) throw planLimitError(ctx, 'accounts', max);
    const deposit = (ctx.params.initial_deposit as number | undefined) ?? 0;
    const account = {
      id: newId('acc_'),
      account_number: `****${String(1000 + Math.floor(Math.random() * 9000))}`,
      account_type: str(ctx.params.account_type),
      balance: { current: deposit, available: deposit, currency: str(ctx.params.currency) },
      status: STATUSES.account[0],
      created_at: iso(ctx.now),
      updated_at: iso(ctx.now),
    };
    await create(ctx, [{ kind: 'account', id: account.id, parentId: null, data: account, createdAt: ctx.now }]);
    return { status: 201, body: account };
  },
  listTransactions: async (ctx) => {
    const accountId = str(ctx.params.account_id);
    await mustGet(ctx, 'account', accountId, 'account', 'account_id');
    const max = PLAN_LIMITS[ctx.key.plan].transactionListLimit;
    const limit = (ctx.params.limit as number | undefined) ?? Math.min(SANDBOX_DEFAULT_PAGE_SIZE, max ?? Infinity);
    if (max !== null && limit > max) {
      throw new SandboxError('invalid_request_error', 'parameter_out_of_range', `Invalid limit: the ${getPlan(ctx.key.plan).name} plan lists at most ${max} transactions per request.`, 'limit');
    }
    const from = ctx.params.from_date as string | undefined;
    const to = ctx.params.to_date as string | undefined;
    return page(ctx, 'transaction', 'transaction', {
      parentId: accountId,
      limit,
      filter: (t) => {
        const day = String(t.created_at).slice(0, 10);
        return (!from || day >= from) && (!to || day <= to);
      },
    });
  },
  createTransaction: async (ctx) => {
    if (ctx.params.from_account === MAGIC.insufficientFundsAccount) throw fixtureError('insufficient_funds');
    const fromRow = await mustGet(ctx, 'account', str(ctx.params.from_account), 'account', 'from_account');
    const toId = ctx.params.to_account as string | undefined;
    const toRow = toId === undefined ? undefined : await mustGet(ctx, 'account', toId, 'account', 'to_account');
    const from = data<Account>(fromRow);
    const currency = str(ctx.params.currency);
    if (from.balance.currency !== currency) {
      throw new SandboxError('invalid_request_error', 'currency_mismatch', `Invalid currency: account ${from.id} holds ${from.balance.currency}.`, 'currency');
    }
    const amount = ctx.params.amount as number;
    const base = {
      currency,
      status: STATUSES.transaction[0],
      description: str(ctx.params.description),
      merchant: { name: (ctx.params.reference as string | undefined) ?? str(ctx.params.description), category: toRow ? 'transfer' : 'payment' },
      created_at: iso(ctx.now),
      updated_at: iso(ctx.now),
    };
    const debit = { id: newId('txn_'), account_id: from.id, amount: -amount, type: 'debit', ...base };
    const objects: NewObject[] = [{ kind: 'transaction', id: debit.id, parentId: from.id, data: debit, createdAt: ctx.now }];
    if (toRow) {
      const credit = { id: newId('txn_'), account_id: toRow.id, amount, type: 'credit', ...base };
      objects.push({ kind: 'transaction', id: credit.id, parentId: toRow.id, data: credit, createdAt: ctx.now });
    }
    await create(ctx, objects);
    const move = async (row: SandboxObjectRow, delta: number) => {
      const a = data<Account>(row);
      const balance = Math.round((a.balance.current + delta) * 100) / 100;
      await ctx.store.updateObject(ctx.key.id, 'account', a.id, { ...a, balance: { ...a.balance, current: balance, available: balance }, updated_at: iso(ctx.now) });
    };
    await move(fromRow, -amount);
    if (toRow && toRow.id !== fromRow.id) await move(toRow, amount);
    return { status: 201, body: debit };
  },
  createPayment: async (ctx) => {
    if (ctx.params.customer === MAGIC.declinedCustomer) throw fixtureError('payment_declined');
    // Its documented enum is checked with the other parameters.
    const method = str(ctx.params.payment_method);
    // Pending until the key's test clock passes its settlement (sandbox/clock/transitions.ts).
    const payment = {
      id: newId('pay_'),
      status: SETTLEMENT_STATUSES.payment[2],
      amount: ctx.params.amount as number,
      currency: str(ctx.params.currency),
      payment_method: method,
      customer: str(ctx.params.customer),
      fees: { product_fee: PLAN_LIMITS[ctx.key.plan].sampleTransactionFee, processing_fee: EXAMPLES.Payment.fees.processing_fee },
    };
    await create(ctx, [{ kind: 'payment', id: payment.id, parentId: null, data: payment, createdAt: ctx.now }]);
    return { status: 201, body: payment };
  },
};
