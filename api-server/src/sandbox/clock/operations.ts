import { clockErrors } from '../../../../src/data/apiReference/endpoints/sandbox';
import { PLAN_LIMITS } from '../../../../src/data/limits';
import { nextMonthStart, TEST_CLOCK, TEST_CLOCK_MAX_ADVANCE_MS } from '../../../../src/data/sandboxTime';
import { SandboxError } from '../errors';
import { iso } from '../keys';
import type { Ctx, Operation } from '../operations/context';
import { setClock, usageOf } from './store';
import { applyDue } from './transitions';

/** An ISO 8601 time with its zone (Z or ±hh:mm), to the second or finer: the only form frozen_time takes. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

const fromEndpointError = (e: { code: string; message: string; param: string | null }) => new SandboxError('invalid_request_error', e.code, e.message, e.param);

/** The clock as GET /test_clock answers it: its time and the month's allowances, used and allowed. */
export async function clockBody(ctx: Ctx): Promise<Record<string, unknown>> {
  const usage = await usageOf(ctx.db, ctx.key.id, ctx.now);
  const limits = PLAN_LIMITS[ctx.key.plan];
  return {
    object: TEST_CLOCK.object,
    frozen_time: iso(ctx.now),
    status: TEST_CLOCK.statuses[0],
    allowances: {
      month: usage.month,
      resets_at: iso(nextMonthStart(ctx.now)),
      transactions: { used: usage.transactions, limit: limits.transactionsPerMonth },
      api_calls: { used: usage.apiCalls, limit: limits.apiCallsPerMonth },
    },
  };
}

/** The target of an advance, or the documented 400 (src/data/apiReference/endpoints/sandbox.ts). */
function target(ctx: Ctx): number {
  const raw = String(ctx.params.frozen_time);
  const ms = ISO_TIME.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) throw fromEndpointError(clockErrors.format());
  // Whole seconds: every stamp the sandbox writes is to the second.
  const to = Math.floor(ms / 1000) * 1000;
  if (to <= ctx.now) throw fromEndpointError(clockErrors.notAfter(iso(ctx.now)));
  if (to - ctx.now > TEST_CLOCK_MAX_ADVANCE_MS) throw fromEndpointError(clockErrors.tooFar(iso(ctx.now + TEST_CLOCK_MAX_ADVANCE_MS)));
  return to;
}

/** The test clock (issue 47). The advance runs under the key's lock (runOperation's, for every POST): advances of one key run one after another. */
export const CLOCK_OPERATIONS: Record<string, Operation> = {
  getTestClock: async (ctx) => ({ status: 200, body: await clockBody(ctx) }),
  advanceTestClock: async (ctx) => {
    const to = target(ctx);
    const events = await applyDue(ctx, ctx.now, to);
    await setClock(ctx.db, ctx.key.id, to);
    return { status: 200, body: { ...(await clockBody({ ...ctx, now: to })), events } };
  },
};
