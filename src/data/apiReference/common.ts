/**
 * Facts shared by every call of the documented v1 API: headers, statuses, permissions and the
 * sample identifiers the examples reuse (so an account id in one example is the same everywhere).
 */
import { ACCOUNTING_PROVIDER, API_VERSION } from '../site';
import { PLAN_IDS, WHITE_LABEL_PLAN_IDS, type PlanId } from '../plans';
import { API_VERSION_NAMES, LATEST_API_VERSION } from '../apiVersioning';

export { API_VERSION };

/** `{accounting}` in the spec's paths and event names. */
export const ACCOUNTING = ACCOUNTING_PROVIDER.slug;

/** Environment variable the code samples read the API key from. */
export const API_KEY_ENV = 'LEDGERLINE_API_KEY';
/** Environment variable the blog's curl samples read the API's base URL (API_BASE_URL) from. */
export const API_URL_ENV = 'LEDGERLINE_API_URL';
/** Plan shown in the X-Plan-Type header of the generic examples. */
export const EXAMPLE_PLAN: PlanId = 'business';

export interface HeaderDoc {
  name: string;
  example: string;
  required: boolean;
  description: string;
}

/** Name of the optional header that makes a POST safe to retry. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * How every POST that honours Idempotency-Key answers (the sandbox and the live API's checkout
 * alike, through api-server/src/idempotency): the key's format, how long it is remembered,
 * and one answer per case. Reuse with other parameters is a 400, as at Stripe: the request is
 * wrong, not the server's state; 422 is not one of the documented statuses.
 */
export const IDEMPOTENCY = {
  /** 1 to 255 visible ASCII characters (a UUID fits). */
  keyPattern: '^[\\x21-\\x7e]{1,255}$',
  /** Stripe's 24 hours: after that the same key starts a new request. */
  ttlMs: 24 * 60 * 60 * 1000,
  /** The replayed answer carries this header. */
  replayedHeader: 'Idempotent-Replayed',
  refusals: {
    invalid: { status: 400, code: 'idempotency_key_invalid', message: 'Invalid Idempotency-Key: use 1 to 255 visible ASCII characters, e.g. a UUID.' },
    reused: {
      status: 400,
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with different request parameters. Use a new Idempotency-Key for a different request.',
    },
    inFlight: { status: 409, code: 'idempotency_key_in_use', message: 'A request with this Idempotency-Key is still being processed. Please retry shortly.' },
  },
} as const;

function idempotencyDescription(): string {
  const { ttlMs, replayedHeader, refusals } = IDEMPOTENCY;
  return (
    `Optional on POST requests: a unique value (a UUID) per operation, remembered for ${ttlMs / 3_600_000} hours. A retry that reaches us with the same key and the same parameters ` +
    `answers the first result again (same status and body, with ${replayedHeader}: true) instead of acting twice, so a timeout never pays or transfers twice. ` +
    `The same key with other parameters answers ${refusals.reused.status} ${refusals.reused.code}; a retry while the first request is still running answers ` +
    `${refusals.inFlight.status} ${refusals.inFlight.code} (retry shortly). A request refused before it ran (authentication, plan, parameters) is not remembered.`
  );
}

/** The plan header of spec section 6. */
export const PLAN_HEADER = 'X-Plan-Type';

/**
 * What X-Plan-Type means now that every key carries its plan: the key decides, so a document
 * imported into Postman or Portman (whose example names one plan) works with a key of any plan.
 * The header is still checked for typos, and every answer names the plan that applied.
 */
export const PLAN_HEADER_RULE =
  `Optional. Your API key carries its plan, and every call is answered for the key's plan whatever this header says: the same request works with a key of any plan. ` +
  `When sent, it must be one of ${PLAN_IDS.join(', ')} (anything else answers 400 parameter_invalid_enum). ` +
  `Every answer to a valid key carries ${PLAN_HEADER} with the plan that applied; calls and events outside that plan answer 403 permission_error.`;

/** Headers every request sends (spec section 6: bearer API key plus version and plan-type headers). */
export const REQUEST_HEADERS: readonly HeaderDoc[] = [
  {
    name: 'Authorization',
    example: `Bearer $${API_KEY_ENV}`,
    required: true,
    description: 'Your secret API key as a bearer token. Keep it on your server.',
  },
  {
    name: 'X-API-Version',
    example: API_VERSION,
    required: true,
    description: `API version of the request and response shapes: one of ${API_VERSION_NAMES.join(', ')} (the newest is ${LATEST_API_VERSION}). Without it your key's pinned version applies; a key pinned to ${API_VERSION} must send it.`,
  },
  {
    name: PLAN_HEADER,
    example: EXAMPLE_PLAN,
    required: false,
    description: PLAN_HEADER_RULE,
  },
  {
    name: 'Content-Type',
    example: 'application/json',
    required: false,
    description: 'Required on POST requests, whose bodies are JSON.',
  },
  {
    name: IDEMPOTENCY_HEADER,
    example: '5f0c7a9e-2b1d-4c8e-9a37-6d2e1f4b8c03',
    required: false,
    description: idempotencyDescription(),
  },
];

/**
 * Documented statuses (spec section 4). Examples and schemas use these constants. `failed` is
 * the status the documented transaction.failed and payment.failed events carry. A webhook
 * delivery is `pending` until an attempt gets a 2xx (`succeeded`) or its last retry fails
 * (`failed`). Append new statuses at the end, since examples pick statuses by position.
 */
export const STATUSES = {
  account: ['active'],
  transaction: ['pending', 'completed', 'failed'],
  payment: ['succeeded', 'failed'],
  invoice: ['DRAFT', 'SUBMITTED', 'PAID'],
  syncJob: ['processing'],
  webhookDelivery: ['succeeded', 'pending', 'failed'],
  whiteLabelDeployment: ['deploying'],
} as const;

export const ACCOUNT_TYPES = ['checking', 'savings', 'business'] as const;
export const CURRENCY_EXAMPLES = ['USD', 'EUR', 'GBP'] as const;

export interface PermissionDoc {
  name: string;
  description: string;
  plans: readonly PlanId[];
}

/** Permission strings of spec section 6, with the plans whose users hold them. */
export const PERMISSIONS: readonly PermissionDoc[] = [
  { name: 'read:basic', description: 'Read the signed-in user, organizations and reports.', plans: PLAN_IDS },
  { name: 'read:accounts', description: 'List bank accounts and transactions.', plans: PLAN_IDS },
  { name: 'write:transactions', description: 'Create transactions and payments.', plans: PLAN_IDS },
  { name: 'read:premium', description: 'Premium endpoints: account creation and full accounting sync.', plans: ['business', 'enterprise'] },
  { name: 'manage:users', description: 'Manage the users of the organization.', plans: ['business', 'enterprise'] },
  { name: 'manage:white_label', description: 'Configure and deploy the white-label platform.', plans: WHITE_LABEL_PLAN_IDS },
];

/** Identifiers reused across examples. */
export const SAMPLE_IDS = {
  account: 'acc_1Nv0FGQ9RKHgCVdK',
  account2: 'acc_8Hq2LmP4XbTz7RcE',
  transaction: 'txn_3MtwBwLkdIwHu7ix',
  payment: 'pay_9KfLq2RZc5WvYx1D',
  user: 'usr_5Jd8RkT2mQ9pLx3A',
  organization: 'org_demo_001',
  tenant: '9a7c4e12-3f6b-4d2a-8c1e-5b0f7a9d2e64',
  invoice: 'c4d3e2f1-7a6b-4c5d-9e8f-0a1b2c3d4e5f',
  webhook: 'wh_2Lp7XcV9bN4mQ8rT',
  event: 'evt_1Ox4KpL7sD2fG9hJ',
  delivery: 'whd_3Kc8VnR5tY2qW7mB',
  syncJob: 'sync_6Tg3HjK8lP1zX5cV',
  whiteLabelConfig: 'wlc_4Rb7NmQ2xZ8kL1pW',
  deployment: 'dep_7Yh2GfD5sA9kJ3lQ',
  requestId: 'req_8fK2mQ9xL4pR7tZ1',
} as const;

/** Timestamps used by the examples, so they read as one coherent story. */
export const SAMPLE_TIMES = {
  created: '2024-10-01T09:30:00Z',
  updated: '2024-10-01T09:45:12Z',
  createdUnix: 1727775000,
} as const;
