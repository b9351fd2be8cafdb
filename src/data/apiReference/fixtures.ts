/**
 * The sandbox's magic values (docs/guide/testing.mdx): send one and the sandbox answers its
 * documented error every time, as Stripe's test cards and Plaid's sandbox users do. The sandbox
 * (api-server/src/sandbox), the Testing page and the OpenAPI document's named examples all read
 * this list. To add one: append an entry, handle it in the operation, add its case to
 * tests/api/sandbox/fixtures.test.ts.
 */
import { ACCOUNTING, SAMPLE_IDS, STATUSES } from './common';

/** Requests carrying this header with the value below are answered 429, without using the key's quota. */
export const SIMULATE_HEADER = 'Sandbox-Simulate';
export const SIMULATE_RATE_LIMIT = 'rate_limit';
/** Retry-After of the simulated 429: a real one names the seconds left in the key's minute. */
export const SIMULATED_RETRY_AFTER_S = 60;

export const MAGIC = {
  insufficientFundsAccount: 'acc_insufficient_funds',
  declinedCustomer: 'declined@example.com',
  syncFailsTransaction: 'txn_sync_fails',
  /** Any webhook URL on the reserved .invalid domain (RFC 2606): its deliveries always fail. */
  failingWebhookUrl: 'https://endpoint.invalid/webhooks',
  failingWebhookDomain: '.invalid',
} as const;

export interface FixtureError {
  status: 400 | 429;
  type: 'processing_error' | 'rate_limit_error';
  code: string;
  message: string;
  param: string | null;
}

export interface SandboxFixture {
  /** Name of the named example in the OpenAPI document. */
  name: string;
  title: string;
  /** The operations it affects (endpoint ids), or '*' for every operation. */
  endpoints: readonly ('createTransaction' | 'createPayment' | 'syncInvoices' | 'syncAccounting' | 'createWebhook' | 'testWebhook')[] | '*';
  /** What to send, as the Testing page shows it. */
  trigger: string;
  /** The request's values (by parameter name) that trigger it, merged over the endpoint's example. */
  values?: Record<string, unknown>;
  /** What it answers: an error body, or the status the delivery that operation `on` queues ends with (the 201 itself is pending). */
  answer: FixtureError | { status: 201; deliveryStatus: string; on: 'testWebhook' };
  description: string;
}

export const SANDBOX_FIXTURES: readonly SandboxFixture[] = [
  {
    name: 'insufficient_funds',
    title: 'An account with insufficient funds',
    endpoints: ['createTransaction'],
    trigger: `from_account: ${MAGIC.insufficientFundsAccount}`,
    values: { from_account: MAGIC.insufficientFundsAccount },
    answer: { status: 400, type: 'processing_error', code: 'insufficient_funds', message: `Insufficient funds in account ${MAGIC.insufficientFundsAccount} for this transaction.`, param: 'from_account' },
    description: 'A transaction debiting this account is refused, whatever the amount; nothing is created.',
  },
  {
    name: 'payment_declined',
    title: 'A declined payment',
    endpoints: ['createPayment'],
    trigger: `customer: ${MAGIC.declinedCustomer}`,
    values: { customer: MAGIC.declinedCustomer },
    answer: { status: 400, type: 'processing_error', code: 'payment_declined', message: 'The payment was declined by the issuer.', param: null },
    description: 'A payment for this customer is declined, with any amount and payment method; nothing is charged.',
  },
  {
    name: 'sync_fails',
    title: 'An invoice sync that fails',
    endpoints: ['syncInvoices', 'syncAccounting'],
    trigger: `transaction_ids: ["${MAGIC.syncFailsTransaction}"]`,
    values: { transaction_ids: [SAMPLE_IDS.transaction, MAGIC.syncFailsTransaction] },
    answer: {
      status: 400,
      type: 'processing_error',
      code: 'sync_failed',
      message: `The ${ACCOUNTING} sync was refused for ${MAGIC.syncFailsTransaction}: its contact is archived in ${ACCOUNTING}. Nothing was synced.`,
      param: 'transaction_ids[1]',
    },
    description: 'A sync (invoices or full) that names this transaction fails as a whole; the other transactions are not synced either.',
  },
  {
    name: 'delivery_fails',
    title: 'A webhook delivery that fails',
    endpoints: ['createWebhook', 'testWebhook'],
    trigger: `a webhook whose url is on ${MAGIC.failingWebhookDomain}, e.g. ${MAGIC.failingWebhookUrl}`,
    values: { url: MAGIC.failingWebhookUrl },
    answer: { status: 201, deliveryStatus: STATUSES.webhookDelivery[2], on: 'testWebhook' },
    description: `Create a webhook whose url is on ${MAGIC.failingWebhookDomain}: the name never resolves (RFC 6761), so every attempt of every delivery to it fails; after your plan's retries the delivery is ${STATUSES.webhookDelivery[2]}, and the webhook's last_delivery says so.`,
  },
  {
    name: 'rate_limited',
    title: 'A rate limit you hit on purpose',
    endpoints: '*',
    trigger: `header ${SIMULATE_HEADER}: ${SIMULATE_RATE_LIMIT}`,
    answer: { status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: `Rate limit exceeded (simulated by ${SIMULATE_HEADER}). Retry after the time in the Retry-After header.`, param: null },
    description: `Any call with this header answers 429 with Retry-After: ${SIMULATED_RETRY_AFTER_S}, without using your key's quota: test your backoff without waiting for a real limit.`,
  },
];

/** The magic values that affect one operation. */
export const fixturesOf = (endpointId: string): SandboxFixture[] =>
  SANDBOX_FIXTURES.filter((f) => f.endpoints === '*' || (f.endpoints as readonly string[]).includes(endpointId));
