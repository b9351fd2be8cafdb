/**
 * Sandbox-only calls (issue 47): the test clock and the simulations. They exist only at the
 * sandbox (SANDBOX_BASE_PATH), never in production, so they are kept out of API_ENDPOINTS (the
 * reference pages); the sandbox answers them through the same checks as every documented call,
 * and the "Testing over time" guide documents them from this list.
 */
import { EXAMPLE_PLAN, SAMPLE_IDS, STATUSES } from '../common';
import { SETTLEMENT_STATUSES, V1_STATUS_VIEW } from '../versions/settlement';
import { EXAMPLES } from '../entities';
import { WEBHOOK_EVENTS } from '../events';
import { PLAN_LIMITS } from '../../limits';
import { FAILURE_REASONS, TEST_CLOCK, TEST_CLOCK_ADVANCE_PATH, TEST_CLOCK_PATH } from '../../sandboxTime';
import { ALL, b, defineEndpoints, p, S } from './params';
import type { ApiEndpoint, EndpointError, JsonSchema } from '../types';

/** The time every sample starts from: the clock of a key minted then. */
export const SAMPLE_CLOCK_TIME = '2026-12-01T09:00:00Z';
export const SAMPLE_ADVANCE_TO = '2026-12-03T09:00:00Z';

/** The allowances of the samples' clock: the example plan's, nothing used yet. */
const SAMPLE_ALLOWANCES = {
  month: SAMPLE_CLOCK_TIME.slice(0, 7),
  resets_at: '2027-01-01T00:00:00Z',
  transactions: { used: 0, limit: PLAN_LIMITS[EXAMPLE_PLAN].transactionsPerMonth },
  api_calls: { used: 0, limit: PLAN_LIMITS[EXAMPLE_PLAN].apiCallsPerMonth },
};

const TEST_CLOCK_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    object: { type: 'string', enum: [TEST_CLOCK.object] },
    frozen_time: { type: 'string', format: 'date-time', description: 'The clock\'s time: every object and event of the key is stamped with it.' },
    status: { type: 'string', enum: TEST_CLOCK.statuses },
    allowances: { type: 'object', description: 'What the key used in the clock\'s month, against its plan\'s monthly allowances (null: unlimited).' },
    events: { type: 'array', description: 'Advance only: the events the advance produced, in order.', items: { type: 'object' } },
  },
  required: ['object', 'frozen_time', 'status', 'allowances'],
};

export const clockErrors = {
  notAfter: (current: string): EndpointError => ({
    status: 400,
    code: 'test_clock_not_after',
    message: `Invalid frozen_time: it must be after the clock's time, ${current}. A test clock never goes back; create a new key to start again.`,
    param: 'frozen_time',
  }),
  tooFar: (latest: string): EndpointError => ({
    status: 400,
    code: 'test_clock_advance_too_far',
    message: `Invalid frozen_time: one advance moves the clock at most ${TEST_CLOCK.maxAdvanceDays} days, to ${latest} at the latest. Advance in steps.`,
    param: 'frozen_time',
  }),
  format: (): EndpointError => ({
    status: 400,
    code: 'parameter_invalid_format',
    message: 'Invalid frozen_time: expected an ISO 8601 time with its zone, such as 2026-12-01T00:00:00Z.',
    param: 'frozen_time',
  }),
};

/** What a simulation does to a pending or settled transaction or payment. */
export const SIMULATED_OUTCOMES = ['fail', 'return'] as const;

const outcome = b('outcome', true, `fail: a pending one fails now. return: a settled one is returned (status ${SETTLEMENT_STATUSES.transaction[3]}, which v1 shows as ${V1_STATUS_VIEW.Transaction[SETTLEMENT_STATUSES.transaction[3]]}), its money goes back.`, { type: 'string', enum: SIMULATED_OUTCOMES });

export const SANDBOX_ONLY_ENDPOINTS = defineEndpoints([
  {
    id: 'getTestClock', method: 'GET', path: TEST_CLOCK_PATH, section: 'banking', plans: ALL,
    summary: 'Read the test clock',
    description: 'Your key\'s test clock: the time every object and event of the key is stamped with, and the monthly allowances used in its month.',
    params: [], example: {},
    response: { status: 200, description: 'The clock.', schema: TEST_CLOCK_SCHEMA, example: { object: TEST_CLOCK.object, frozen_time: SAMPLE_CLOCK_TIME, status: TEST_CLOCK.statuses[0], allowances: SAMPLE_ALLOWANCES } },
  },
  {
    id: 'advanceTestClock', method: 'POST', path: TEST_CLOCK_ADVANCE_PATH, section: 'banking', plans: ALL,
    summary: 'Advance the test clock',
    description: `Moves the clock forward to frozen_time (at most ${TEST_CLOCK.maxAdvanceDays} days per call) and applies, in time order, every transition that falls due: settlements, overdue invoices, the monthly allowances' reset. Answers the clock with the events produced.`,
    params: [b('frozen_time', true, 'The new time, ISO 8601, after the clock\'s time.', { type: 'string', format: 'date-time' })],
    example: { frozen_time: SAMPLE_ADVANCE_TO },
    errors: [clockErrors.notAfter(SAMPLE_CLOCK_TIME), clockErrors.tooFar('2027-01-01T09:00:00Z'), clockErrors.format()],
    response: { status: 200, description: 'The clock, with the events the advance produced.', schema: TEST_CLOCK_SCHEMA, example: { object: TEST_CLOCK.object, frozen_time: SAMPLE_ADVANCE_TO, status: TEST_CLOCK.statuses[0], allowances: SAMPLE_ALLOWANCES, events: [] } },
  },
  {
    id: 'simulateTransaction', method: 'POST', path: '/simulate/transactions/{id}', section: 'banking', plans: ALL,
    summary: 'Fail or return a transaction',
    description: 'Fails a pending transaction or returns a completed one now (one side of a transfer: simulate each side you need), with its transaction.failed event.',
    params: [p('id', 'Transaction id.'), outcome],
    example: { id: SAMPLE_IDS.transaction, outcome: 'return' },
    response: { status: 200, description: 'The transaction as it is now.', schema: 'Transaction', example: { ...EXAMPLES.Transaction, status: SETTLEMENT_STATUSES.transaction[3], failure_reason: FAILURE_REASONS.returned } },
  },
  {
    id: 'simulatePayment', method: 'POST', path: '/simulate/payments/{id}', section: 'banking', plans: ALL,
    summary: 'Fail or return a payment',
    description: 'Fails a pending payment or returns a succeeded one now, with its payment.failed event.',
    params: [p('id', 'Payment id.'), outcome],
    example: { id: SAMPLE_IDS.payment, outcome: 'fail' },
    response: { status: 200, description: 'The payment as it is now.', schema: 'Payment', example: { ...EXAMPLES.Payment, status: STATUSES.payment[1], failure_reason: FAILURE_REASONS.simulated } },
  },
  {
    id: 'simulateEvent', method: 'POST', path: '/simulate/events', section: 'webhooks', plans: ALL,
    summary: 'Send an event for an object',
    description: 'Fires any documented event your plan receives, carrying one of your objects as it is now, to your webhooks and your event stream.',
    params: [b('type', true, 'A documented event type.', S()), b('object_id', true, 'The id of your object the event carries.', S())],
    example: { type: 'transaction.completed', object_id: SAMPLE_IDS.transaction },
    response: { status: 201, description: 'The event, as your webhooks receive it.', schema: { type: 'object' }, example: WEBHOOK_EVENTS[0]!.example },
  },
]);

export type SandboxOnlyEndpointId = (typeof SANDBOX_ONLY_ENDPOINTS)[number]['id'];

/** The sandbox-only call with this id. */
export const sandboxOnlyEndpoint = (id: SandboxOnlyEndpointId): ApiEndpoint => SANDBOX_ONLY_ENDPOINTS.find((e) => e.id === id)!;

const SANDBOX_ONLY_IDS = new Set<string>(SANDBOX_ONLY_ENDPOINTS.map((e) => e.id));
/**
 * A sandbox-only call is a testing tool, not a use of the API: it neither counts against the
 * plan's monthly API calls nor is refused by them (advancing the clock is how they reset).
 */
export const isSandboxOnly = (endpoint: Pick<ApiEndpoint, 'id'> | undefined): boolean => endpoint !== undefined && SANDBOX_ONLY_IDS.has(endpoint.id);
