import type { ApiEndpoint } from '../../../../src/data/apiReference';
import { isSandboxOnly } from '../../../../src/data/apiReference/endpoints/sandbox';
import { formatLimit, PLAN_LIMITS } from '../../../../src/data/limits';
import { getPlan } from '../../../../src/data/plans';
import { nextMonthStart } from '../../../../src/data/sandboxTime';
import { SandboxError } from '../errors';
import { iso } from '../keys';
import type { Answer, Ctx, Operation } from '../operations/context';
import { addUsage, usageOf } from './store';

/** The documented answer past a monthly allowance: 429, naming when (in clock time) it starts again. */
export function allowanceError(ctx: Ctx, what: 'transactions' | 'API calls', limit: number, month: string): SandboxError {
  return new SandboxError(
    'rate_limit_error',
    'monthly_allowance_exceeded',
    `Monthly allowance reached: the ${getPlan(ctx.key.plan).name} plan includes ${formatLimit(limit)} ${what} per month, all used in ${month}. It starts again at ${iso(nextMonthStart(ctx.now))} (your key's test clock).`,
  );
}

/**
 * The plan's monthly allowances, counted per month of the key's clock (src/data/sandboxTime.ts).
 * API calls are counted with each request's log entry (sandbox/requestLog.ts) and checked here;
 * transactions are counted here, with the transaction, in its transaction.
 */
export async function withAllowances(ctx: Ctx, endpoint: ApiEndpoint, operation: Operation): Promise<Answer> {
  if (isSandboxOnly(endpoint)) return operation(ctx);
  const limits = PLAN_LIMITS[ctx.key.plan];
  const usage = await usageOf(ctx.db, ctx.key.id, ctx.now);
  if (limits.apiCallsPerMonth !== null && usage.apiCalls >= limits.apiCallsPerMonth) throw allowanceError(ctx, 'API calls', limits.apiCallsPerMonth, usage.month);
  if (endpoint.id !== 'createTransaction') return operation(ctx);
  if (limits.transactionsPerMonth !== null && usage.transactions >= limits.transactionsPerMonth) throw allowanceError(ctx, 'transactions', limits.transactionsPerMonth, usage.month);
  const answer = await operation(ctx);
  if (answer.status < 300) await addUsage(ctx.db, ctx.key.id, ctx.now, { transactions: 1 });
  return answer;
}
