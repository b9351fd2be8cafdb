/**
 * Sandbox time (issue 47): each sandbox key has a test clock, as Stripe's test clocks do. It
 * starts at the real time the key was created and stands still; advancing it applies, in time
 * order, every transition below that falls due. The server (api-server/src/sandbox/clock), the
 * "Testing over time" guide, the CLI and the MCP tool read these rules; none is written twice.
 */
import { SAMPLE_EXPIRIES } from './timings';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the clock is read (GET) and advanced (POST), below SANDBOX_BASE_PATH. */
export const TEST_CLOCK_PATH = '/test_clock';
export const TEST_CLOCK_ADVANCE_PATH = '/test_clock/advance';

export const TEST_CLOCK = {
  object: 'test_clock',
  /** Advances on one key run one at a time (the key's lock): a reader never sees one half done. */
  statuses: ['ready'] as const,
  /** One advance moves the clock at most this far: a calendar month always fits, and one advance stays a bounded amount of work. */
  maxAdvanceDays: 31,
} as const;
export const TEST_CLOCK_MAX_ADVANCE_MS = TEST_CLOCK.maxAdvanceDays * DAY_MS;

/** Clock time a transaction or payment stays pending before it settles (or fails by the rule below). */
export const SETTLEMENT_DELAY_DAYS = 2;
export const SETTLEMENT_DELAY_MS = SETTLEMENT_DELAY_DAYS * DAY_MS;

/**
 * The magic description: a transaction (both sides of a transfer) created with this description
 * is accepted pending, then fails when it would have settled, and its money goes back.
 */
export const SETTLEMENT_FAILS_DESCRIPTION = 'settlement_fails';
/** The magic customer: a payment for this customer is accepted pending, then fails when it would have succeeded. */
export const SETTLEMENT_FAILS_CUSTOMER = 'settlement_fails@example.com';
/** The failure_reason a failed or returned transaction or payment carries. */
export const FAILURE_REASONS = { settlement: 'account_closed', simulated: 'simulated_failure', returned: 'returned_by_bank' } as const;

/**
 * An invoice is overdue from the start of the day after its due_date (UTC, clock time): the
 * invoice.overdue event fires then, once; its status is left as Xero's (Xero has no overdue status).
 */
export const INVOICE_OVERDUE_EVENT = 'invoice.overdue';

/** The accounting connection's access token lives this long in clock time, then must be refreshed. */
export const ACCOUNTING_TOKEN_LIFETIME_MS = SAMPLE_EXPIRIES.accountingTokenSeconds * 1000;

/**
 * The month (YYYY-MM) an allowance counts in, for a clock time: the plan's allowances per month
 * (transactions created and API calls, src/data/limits.ts) count per calendar month of the key's
 * clock (UTC), and start from zero at its month boundary.
 */
export const allowanceMonth = (clockMs: number): string => new Date(clockMs).toISOString().slice(0, 7);

/** The start of the month after `clockMs`: when the allowances start again from zero. */
export function nextMonthStart(clockMs: number): number {
  const d = new Date(clockMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** When an invoice due on `dueDate` (YYYY-MM-DD) becomes overdue. */
export const overdueAt = (dueDate: string): number => Date.parse(`${dueDate}T00:00:00Z`) + DAY_MS;

/**
 * The "Testing over time" guide's sample (Node.js 18+, no dependencies), for the sandbox at
 * `sandboxUrl`: a transfer created pending, the clock advanced past its settlement, the events
 * printed at their clock times. tests/api/clock/guideSample.test.ts runs it as written.
 */
export function testClockSample(sandboxUrl: string, apiVersion: string, keyEnv: string, fromAccount: string, toAccount: string): string {
  return `// month.mjs: node month.mjs (with ${keyEnv}=sk_test_... in the environment)
const base = '${sandboxUrl}';
const headers = { Authorization: \`Bearer \${process.env.${keyEnv}}\`, 'X-API-Version': '${apiVersion}', 'Content-Type': 'application/json' };

async function call(method, path, body) {
  const res = await fetch(base + path, { method, headers, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (!res.ok) throw new Error(\`\${method} \${path}: \${res.status} \${json.error.code}: \${json.error.message}\`);
  return json;
}

const clock = await call('GET', '${TEST_CLOCK_PATH}');
console.log('clock', clock.frozen_time);

const transfer = await call('POST', '/banking/transactions', {
  from_account: '${fromAccount}', to_account: '${toAccount}', amount: 25, currency: 'USD', description: 'Rent',
});
console.log(transfer.id, transfer.status);

// Past the settlement delay (${SETTLEMENT_DELAY_DAYS} days of clock time): the transfer settles.
const later = new Date(Date.parse(clock.frozen_time) + ${SETTLEMENT_DELAY_DAYS} * 24 * 60 * 60 * 1000).toISOString();
const advanced = await call('POST', '${TEST_CLOCK_ADVANCE_PATH}', { frozen_time: later });
for (const event of advanced.events) {
  console.log(new Date(event.created * 1000).toISOString(), event.type, event.data.object.id);
}

// Not back in time: the documented 400.
await call('POST', '${TEST_CLOCK_ADVANCE_PATH}', { frozen_time: clock.frozen_time }).catch((err) => console.log(err.message));
`;
}
