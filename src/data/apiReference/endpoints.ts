/**
 * Every documented call of spec section 7, in reference order. To add an endpoint, append an
 * entry: the API docs page, the per-plan pages, the code samples and static/openapi/v1.yaml
 * (run `npx tsx scripts/generate-openapi.ts`) all follow. `plans` is the gating of spec section 6.
 */
import { PLAN_IDS, WHITE_LABEL_PLAN_IDS, type PlanId } from '../plans';
import { PLAN_LIMITS, formatLimit, PROFIT_LOSS_PERIODS } from '../limits';
import { getPlan } from '../plans';
import { SAMPLE_EXPIRIES } from '../timings';
import { ACCOUNTING_PROVIDER } from '../site';
import { ACCOUNT_TYPES, ACCOUNTING, CURRENCY_EXAMPLES, SAMPLE_IDS, SAMPLE_TIMES, STATUSES } from './common';
import { EXAMPLES, listOf, paymentExampleFor, SECOND_SAMPLE_TRANSACTION } from './entities';
import { EXAMPLE_SIGNATURES, WEBHOOK_EVENTS, WEBHOOK_HEADERS } from './events';
import { SANDBOX_KEYS_URL, SANDBOX_MAX_OBJECTS_PER_KEY } from '../sandbox';
import { profitAndLoss } from '../../domain/profitLoss';
import type { ApiEndpoint, ApiParam, EndpointError, JsonSchema } from './types';

const ALL: readonly PlanId[] = PLAN_IDS;
const PAID_TIERS: readonly PlanId[] = ['business', 'enterprise'];

const q = (name: string, required: boolean, description: string, schema: JsonSchema): ApiParam => ({ name, in: 'query', required, description, schema });
const p = (name: string, description: string): ApiParam => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
const b = (name: string, required: boolean, description: string, schema: JsonSchema): ApiParam => ({ name, in: 'body', required, description, schema });
const S = (description = ''): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
const DATE: JsonSchema = { type: 'string', format: 'date' };
const CURRENCY: JsonSchema = { type: 'string', description: 'ISO 4217 code', examples: CURRENCY_EXAMPLES };
const list = (ref: string): JsonSchema => ({
  type: 'object',
  properties: { data: { type: 'array', items: { $ref: ref } }, has_more: { type: 'boolean' } },
  required: ['data', 'has_more'],
});
/** The cursor of every list: added after the spec, so optional (the spec's calls stay as they were). */
const cursor = (what: string, example: string): ApiParam => ({
  ...q('starting_after', false, `Cursor for the next page: the id of the last ${what} of the previous page. Lists answer has_more: true while more follow.`, S()),
  example,
});

/**
 * A delivery as POST /webhooks/{id}/test answers it (queued, not yet attempted): the exact
 * headers and raw body your endpoint receives.
 */
const DELIVERY_EVENT = WEBHOOK_EVENTS.find((e) => e.type === 'payment.succeeded')!;
const DELIVERY_TIMESTAMP = String(DELIVERY_EVENT.example.created);
const DELIVERY_BODY = JSON.stringify(DELIVERY_EVENT.example);
export const WEBHOOK_DELIVERY_EXAMPLE = {
  id: SAMPLE_IDS.delivery,
  webhook_id: SAMPLE_IDS.webhook,
  event_type: DELIVERY_EVENT.type,
  url: EXAMPLES.Webhook.url,
  status: STATUSES.webhookDelivery[1],
  headers: {
    'Content-Type': 'application/json',
    [WEBHOOK_HEADERS.eventType]: DELIVERY_EVENT.type,
    [WEBHOOK_HEADERS.timestamp]: DELIVERY_TIMESTAMP,
    // HMAC-SHA256 of `${timestamp}.${body}` with EXAMPLES.Webhook.secret; tests/unit/docs checks it with the verification sample.
    [WEBHOOK_HEADERS.signature]: `sha256=${EXAMPLE_SIGNATURES[DELIVERY_EVENT.type]}`,
  },
  body: DELIVERY_BODY,
  created_at: SAMPLE_TIMES.created,
  attempts: [] as { attempted_at: string; http_status: number | null; error: string | null; response_time_ms: number; response_body: string }[],
  next_attempt_at: SAMPLE_TIMES.created as string | null,
};
/** The same delivery once your endpoint answered the first attempt with 200. */
export const WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE = {
  ...WEBHOOK_DELIVERY_EXAMPLE,
  status: STATUSES.webhookDelivery[0],
  attempts: [{ attempted_at: SAMPLE_TIMES.created, http_status: 200, error: null, response_time_ms: 142, response_body: '{"received":true}' }],
  next_attempt_at: null,
};

/* Errors of the operations themselves, worded as the sandbox words them (api-server/src/sandbox/operations). */
const notFound = (what: string, id: string, param: string): EndpointError => ({ status: 404, code: 'resource_missing', message: `No such ${what}: ${id}.`, param });
const MISSING = { account: 'acc_missing', transaction: 'txn_missing', tenant: '00000000-0000-4000-8000-000000000000', webhook: 'wh_missing' } as const;
const TENANT_NOT_FOUND = notFound(`${ACCOUNTING} tenant`, MISSING.tenant, 'tenant_id');
const TRANSACTIONS_NOT_FOUND = notFound('transaction', MISSING.transaction, 'transaction_ids[0]');
const OBJECT_LIMIT: EndpointError = {
  status: 400,
  code: 'sandbox_object_limit',
  message: `This sandbox key holds ${SANDBOX_MAX_OBJECTS_PER_KEY} of the ${SANDBOX_MAX_OBJECTS_PER_KEY} objects a key may hold, and this request would create 1 more. Create a new key with POST ${SANDBOX_KEYS_URL} to start afresh.`,
  param: null,
};
const planCap = (what: string, plan: PlanId, limit: number): EndpointError => ({
  status: 403,
  code: 'plan_limit_reached',
  message: `The ${getPlan(plan).name} plan allows ${formatLimit(limit)} ${what}. Upgrade for more.`,
  param: null,
});
const listLimit = (what: string, plan: PlanId, max: number): EndpointError => ({
  status: 400,
  code: 'parameter_out_of_range',
  message: `Invalid limit: the ${getPlan(plan).name} plan lists at most ${max} ${what} per request.`,
  param: 'limit',
});
const eventNotInPlan = (param: string): EndpointError => ({ status: 403, code: 'event_not_in_plan', message: 'The account.updated event requires the Business or Enterprise plan.', param });

/** The profit and loss example: the report a new sandbox key gets for the example's dates (its two sample transactions). */
const PROFIT_LOSS_EXAMPLE = { tenant_id: SAMPLE_IDS.tenant, from_date: '2024-10-01', to_date: '2024-10-31', periods: 3 };

const tenant = q('tenant_id', true, `${ACCOUNTING_PROVIDER.name} tenant id from GET /${ACCOUNTING}/organizations.`, S());

/**
 * Checks every entry against ApiEndpoint while keeping each literal id, so EndpointId below is
 * made from this list: a misspelled id anywhere (MDX props, lookups, the sandbox's operations)
 * is a compile error rather than a broken page.
 */
const defineEndpoints = <Id extends string>(list: readonly (ApiEndpoint & { id: Id })[]) => list;

export const API_ENDPOINTS = defineEndpoints([
  {
    id: 'login', method: 'POST', path: '/auth/login', section: 'auth', plans: ALL,
    summary: 'Log a user in',
    description: 'Exchanges a user\'s email and password for an access token and a refresh token.',
    params: [
      b('email', true, 'User email.', { type: 'string', format: 'email' }),
      b('password', true, 'User password.', S()),
      b('organization', false, 'Organization id when the user belongs to several.', S()),
    ],
    example: { email: 'jane@acme.example', password: 'correct-horse-battery', organization: SAMPLE_IDS.organization },
    response: { status: 200, description: 'Tokens of the session.', schema: 'AuthTokens', example: EXAMPLES.AuthTokens },
  },
  {
    id: 'refreshToken', method: 'POST', path: '/auth/refresh', section: 'auth', plans: ALL,
    summary: 'Refresh an access token',
    description: `Returns a new access token before the current one expires (after ${SAMPLE_EXPIRIES.accessTokenSeconds} seconds).`,
    params: [b('refresh_token', true, 'Refresh token from /auth/login.', S())],
    example: { refresh_token: EXAMPLES.AuthTokens.refresh_token },
    response: { status: 200, description: 'New tokens.', schema: 'AuthTokens', example: EXAMPLES.AuthTokens },
  },
  {
    id: 'getCurrentUser', method: 'GET', path: '/auth/user', section: 'auth', plans: ALL, permission: 'read:basic',
    summary: 'Get the current user',
    description: 'Returns the user behind the access token, with their organization and permissions.',
    params: [], example: {},
    response: { status: 200, description: 'The user.', schema: 'User', example: EXAMPLES.User },
  },
  {
    id: 'listBankAccounts', method: 'GET', path: '/banking/accounts', section: 'banking', plans: ALL, permission: 'read:accounts',
    summary: 'List bank accounts',
    description: 'Lists the bank accounts of your organization, newest first.',
    params: [cursor('account', SAMPLE_IDS.account)], example: {},
    response: { status: 200, description: 'The accounts.', schema: list('#/components/schemas/Account'), example: listOf([EXAMPLES.Account]) },
  },
  {
    id: 'createBankAccount', method: 'POST', path: '/banking/accounts', section: 'banking', plans: PAID_TIERS, permission: 'read:premium',
    summary: 'Create a bank account',
    description: 'Opens a new bank account. Not available on Starter; the number of accounts is capped by your plan\'s max accounts.',
    params: [
      b('account_type', true, 'Kind of account.', { type: 'string', enum: ACCOUNT_TYPES }),
      b('currency', true, 'Currency of the account.', CURRENCY),
      b('initial_deposit', false, 'Opening deposit.', { type: 'number', minimum: 0 }),
    ],
    example: { account_type: 'business', currency: 'USD', initial_deposit: 25000 },
    errors: [planCap('accounts', 'business', PLAN_LIMITS.business.maxAccounts!), OBJECT_LIMIT],
    response: { status: 201, description: 'The new account.', schema: 'Account', example: EXAMPLES.Account },
  },
  {
    id: 'listTransactions', method: 'GET', path: '/banking/transactions', section: 'banking', plans: ALL, permission: 'read:accounts',
    summary: 'List transactions',
    description: 'Lists the transactions of an account between two dates, newest first.',
    params: [
      q('account_id', true, 'Account to list.', S()),
      q('from_date', false, 'First day included.', DATE),
      q('to_date', false, 'Last day included.', DATE),
      cursor('transaction', SAMPLE_IDS.transaction),
      q('limit', false, `Page size, at most your plan's transaction list limit: ${PLAN_IDS.map((id) => `${getPlan(id).name} ${formatLimit(PLAN_LIMITS[id].transactionListLimit).toLowerCase()}`).join(', ')}.`, { type: 'integer', minimum: 1 }),
    ],
    // The dates of the transactions every sandbox key starts with, so the example lists them.
    example: { account_id: SAMPLE_IDS.account, from_date: '2024-10-01', to_date: '2024-10-31', limit: 50 },
    errors: [notFound('account', MISSING.account, 'account_id'), listLimit('transactions', 'starter', PLAN_LIMITS.starter.transactionListLimit!)],
    response: { status: 200, description: 'A page of transactions.', schema: list('#/components/schemas/Transaction'), example: listOf([EXAMPLES.Transaction], true) },
    limits: ['transactionListLimit'],
  },
  {
    id: 'createTransaction', method: 'POST', path: '/banking/transactions', section: 'banking', plans: ALL, permission: 'write:transactions',
    summary: 'Create a transaction',
    description: `Moves money from one of your accounts. The transaction starts ${STATUSES.transaction[0]} and becomes ${STATUSES.transaction[1]}.`,
    params: [
      b('from_account', true, 'Account debited.', S()),
      b('to_account', false, 'Account credited, for internal transfers.', S()),
      b('amount', true, 'Amount, positive.', { type: 'number', minimum: 0 }),
      b('currency', true, 'Currency.', CURRENCY),
      b('description', true, 'Text shown on statements.', S()),
      b('reference', false, 'Your own reference.', S()),
    ],
    example: { from_account: SAMPLE_IDS.account, to_account: SAMPLE_IDS.account2, amount: 149.99, currency: 'USD', description: 'Office supplies', reference: 'PO-2024-118' },
    errors: [
      notFound('account', MISSING.account, 'from_account'),
      { status: 400, code: 'currency_mismatch', message: `Invalid currency: account ${SAMPLE_IDS.account} holds USD.`, param: 'currency' },
      OBJECT_LIMIT,
    ],
    response: { status: 201, description: 'The new transaction.', schema: 'Transaction', example: { ...EXAMPLES.Transaction, status: STATUSES.transaction[0] } },
  },
  {
    id: 'createPayment', method: 'POST', path: '/banking/payments', section: 'banking', plans: ALL, permission: 'write:transactions',
    summary: 'Create a payment',
    description: 'Charges a customer. The answer shows your plan\'s product fee and the processing fee.',
    params: [
      b('amount', true, 'Amount to charge.', { type: 'number', minimum: 0 }),
      b('currency', true, 'Currency.', CURRENCY),
      b('payment_method', true, 'How the customer pays.', { type: 'string', enum: ['card', 'bank_transfer'] }),
      b('customer', true, 'Customer reference or email.', S()),
      b('description', true, 'Description.', S()),
      b('metadata', false, 'Your key-value pairs, returned in webhooks.', { type: 'object', additionalProperties: { type: 'string' } }),
    ],
    example: { amount: 250, currency: 'USD', payment_method: 'card', customer: 'customer@example.com', description: 'Invoice INV-0042', metadata: { order_id: '1042' } },
    errors: [OBJECT_LIMIT],
    response: { status: 201, description: 'The payment.', schema: 'Payment', example: EXAMPLES.Payment, exampleFor: paymentExampleFor },
  },
  {
    id: 'connectAccounting', method: 'GET', path: `/${ACCOUNTING}/auth/connect`, section: 'accounting', plans: ALL,
    summary: `Start the ${ACCOUNTING_PROVIDER.name} connection`,
    description: `Returns the ${ACCOUNTING_PROVIDER.name} authorization URL to send the user to. The OAuth state expires after ${SAMPLE_EXPIRIES.oauthStateSeconds} seconds.`,
    params: [
      q('redirect_uri', true, 'Your callback URL.', { type: 'string', format: 'uri' }),
      q('state', false, 'Opaque value echoed back to your callback.', S()),
    ],
    example: { redirect_uri: 'https://example.com/xero/callback', state: 'st_7d1f' },
    response: {
      status: 200, description: 'Where to send the user.',
      schema: { type: 'object', properties: { authorization_url: { type: 'string', format: 'uri' }, state: S(), expires_in: { type: 'integer' } }, required: ['authorization_url', 'state', 'expires_in'] },
      example: { authorization_url: 'https://login.xero.com/identity/connect/authorize?client_id=LEDGERLINE&state=st_7d1f', state: 'st_7d1f', expires_in: SAMPLE_EXPIRIES.oauthStateSeconds },
    },
  },
  {
    id: 'accountingCallback', method: 'POST', path: `/${ACCOUNTING}/auth/callback`, section: 'accounting', plans: ALL,
    summary: `Complete the ${ACCOUNTING_PROVIDER.name} connection`,
    description: `Exchanges the code ${ACCOUNTING_PROVIDER.name} sent to your callback. The ${ACCOUNTING_PROVIDER.name} token lasts ${SAMPLE_EXPIRIES.accountingTokenSeconds} seconds and is refreshed for you.`,
    params: [b('code', true, 'Authorization code.', S()), b('state', true, 'State from the connect call.', S())],
    example: { code: 'xc_4f9a2b7e', state: 'st_7d1f' },
    response: {
      status: 200, description: 'The connected organization.',
      schema: { type: 'object', properties: { connected: { type: 'boolean' }, expires_in: { type: 'integer' }, organization: { $ref: '#/components/schemas/AccountingOrganization' } }, required: ['connected', 'expires_in', 'organization'] },
      example: { connected: true, expires_in: SAMPLE_EXPIRIES.accountingTokenSeconds, organization: EXAMPLES.AccountingOrganization },
    },
  },
  {
    id: 'listAccountingOrganizations', method: 'GET', path: `/${ACCOUNTING}/organizations`, section: 'accounting', plans: ALL, permission: 'read:basic',
    summary: `List ${ACCOUNTING_PROVIDER.name} organizations`,
    description: `Lists the ${ACCOUNTING_PROVIDER.name} organizations (tenants) connected to your account.`,
    params: [cursor('organization', SAMPLE_IDS.tenant)], example: {},
    response: { status: 200, description: 'The organizations.', schema: list('#/components/schemas/AccountingOrganization'), example: listOf([EXAMPLES.AccountingOrganization]) },
  },
  {
    id: 'listInvoices', method: 'GET', path: `/${ACCOUNTING}/invoices`, section: 'accounting', plans: ALL, permission: 'read:basic',
    summary: 'List invoices',
    description: `Lists ${ACCOUNTING_PROVIDER.name} invoices, optionally filtered by status and dates.`,
    params: [
      tenant,
      q('status', false, 'Invoice status filter.', { type: 'string', enum: STATUSES.invoice }),
      q('date_from', false, 'Issued on or after.', DATE),
      q('date_to', false, 'Issued on or before.', DATE),
      q('limit', false, 'Invoices per request; your plan\'s maximum applies.', { type: 'integer', minimum: 1 }),
      cursor('invoice', SAMPLE_IDS.invoice),
    ],
    example: { tenant_id: SAMPLE_IDS.tenant, status: STATUSES.invoice[1], date_from: '2024-09-01', date_to: '2024-09-30', limit: 100 },
    errors: [TENANT_NOT_FOUND, listLimit('invoices', 'starter', PLAN_LIMITS.starter.invoicesPerRequest!)],
    response: { status: 200, description: 'The invoices.', schema: list('#/components/schemas/Invoice'), example: listOf([EXAMPLES.Invoice]) },
    limits: ['invoicesPerRequest', 'invoiceWindowDays'],
  },
  {
    id: 'syncInvoices', method: 'POST', path: `/${ACCOUNTING}/invoices/sync`, section: 'accounting', plans: ALL, permission: 'write:transactions',
    summary: 'Sync transactions to invoices',
    description: `Creates or updates ${ACCOUNTING_PROVIDER.name} invoices from the given transactions.`,
    params: [
      tenant,
      b('transaction_ids', true, 'Transactions to sync.', { type: 'array', items: S() }),
      b('auto_categorize', false, 'Let us pick the account codes.', { type: 'boolean' }),
    ],
    example: { tenant_id: SAMPLE_IDS.tenant, transaction_ids: [SAMPLE_IDS.transaction, 'txn_3MtwBwLkdIwHu8jy'], auto_categorize: true },
    errors: [TENANT_NOT_FOUND, TRANSACTIONS_NOT_FOUND, OBJECT_LIMIT],
    response: { status: 200, description: 'The queued sync job.', schema: 'SyncJob', example: EXAMPLES.SyncJob },
  },
  {
    id: 'syncAccounting', method: 'POST', path: `/${ACCOUNTING}/sync`, section: 'accounting', plans: PAID_TIERS, permission: 'read:premium',
    summary: `Full ${ACCOUNTING_PROVIDER.name} sync`,
    description: `Reconciles the given bank transactions with ${ACCOUNTING_PROVIDER.name}. You receive ${ACCOUNTING}.sync.completed when the job ends. Not available on Starter.`,
    events: [`${ACCOUNTING}.sync.completed`],
    params: [
      tenant,
      b('transaction_ids', true, 'Transactions to reconcile.', { type: 'array', items: S() }),
      b('auto_categorize', false, 'Let us pick the account codes.', { type: 'boolean' }),
    ],
    example: { tenant_id: SAMPLE_IDS.tenant, transaction_ids: [SAMPLE_IDS.transaction, 'txn_3MtwBwLkdIwHu8jy'], auto_categorize: true },
    errors: [TENANT_NOT_FOUND, TRANSACTIONS_NOT_FOUND, OBJECT_LIMIT],
    response: { status: 200, description: 'The queued sync job.', schema: 'SyncJob', example: EXAMPLES.SyncJob },
  },
  {
    id: 'getProfitLossReport', method: 'GET', path: `/${ACCOUNTING}/reports/profit-loss`, section: 'accounting', plans: ALL, permission: 'read:basic',
    summary: 'Profit and loss report',
    description: `Returns the ${ACCOUNTING_PROVIDER.name} profit and loss report over ${PROFIT_LOSS_PERIODS.min} to ${PROFIT_LOSS_PERIODS.max} periods.`,
    params: [
      tenant,
      q('from_date', true, 'Start of the first period.', DATE),
      q('to_date', true, 'End of the first period.', DATE),
      q('periods', false, 'Number of periods to compare.', { type: 'integer', minimum: PROFIT_LOSS_PERIODS.min, maximum: PROFIT_LOSS_PERIODS.max }),
    ],
    example: PROFIT_LOSS_EXAMPLE,
    errors: [TENANT_NOT_FOUND, { status: 400, code: 'parameter_out_of_range', message: 'Invalid to_date: it must not be before from_date.', param: 'to_date' }],
    response: {
      status: 200,
      description: 'The report.',
      schema: 'ProfitLossReport',
      example: profitAndLoss({
        tenantId: SAMPLE_IDS.tenant,
        currency: EXAMPLES.AccountingOrganization.currency_code,
        from: PROFIT_LOSS_EXAMPLE.from_date,
        to: PROFIT_LOSS_EXAMPLE.to_date,
        periods: PROFIT_LOSS_EXAMPLE.periods,
        transactions: [EXAMPLES.Transaction, SECOND_SAMPLE_TRANSACTION],
      }),
    },
  },
  {
    id: 'createWebhook', method: 'POST', path: '/webhooks', section: 'webhooks', plans: ALL,
    summary: 'Create a webhook',
    description: 'Registers an HTTPS endpoint for events. Your plan caps the number of webhooks and the events you may subscribe to. The url must be https on port 443 and must not name or resolve to a loopback, private, link-local or cloud metadata address.',
    params: [
      b('url', true, 'HTTPS URL receiving POST requests.', { type: 'string', format: 'uri' }),
      b('events', true, 'Event types to deliver.', { type: 'array', items: S() }),
      b('description', false, 'Note for your team.', S()),
      b('active', false, 'Deliver events now (default true).', { type: 'boolean' }),
    ],
    example: { url: EXAMPLES.Webhook.url, events: EXAMPLES.Webhook.events, description: 'Production listener', active: true },
    errors: [
      { status: 400, code: 'parameter_invalid_format', message: 'Invalid url: webhooks are delivered over HTTPS only.', param: 'url' },
      { status: 400, code: 'url_not_allowed', message: "Invalid url: webhooks can't be delivered to private addresses.", param: 'url' },
      eventNotInPlan('events[0]'),
      planCap('webhooks', 'starter', PLAN_LIMITS.starter.webhooks!),
      OBJECT_LIMIT,
    ],
    response: { status: 201, description: 'The webhook, with its signing secret.', schema: 'Webhook', example: { ...EXAMPLES.Webhook, last_delivery: null } },
    limits: ['webhooks'],
  },
  {
    id: 'listWebhooks', method: 'GET', path: '/webhooks', section: 'webhooks', plans: ALL,
    summary: 'List webhooks',
    description: 'Lists your webhooks with their last delivery, newest first.',
    params: [cursor('webhook', SAMPLE_IDS.webhook)], example: {},
    response: { status: 200, description: 'The webhooks.', schema: list('#/components/schemas/Webhook'), example: listOf([EXAMPLES.Webhook]) },
  },
  {
    id: 'testWebhook', method: 'POST', path: '/webhooks/{id}/test', section: 'webhooks', plans: ALL,
    summary: 'Send a test event',
    description: 'Signs a sample event of the given type with the webhook\'s secret and delivers it to the webhook. The event must be one your plan may receive. The sandbox sends it for real: the answer is the queued delivery (pending); list the deliveries to see each attempt, with your endpoint\'s status and answer.',
    params: [
      p('id', 'Webhook id.'),
      b('event', true, 'Event type to send.', { type: 'string', enum: WEBHOOK_EVENTS.map((e) => e.type) }),
    ],
    example: { id: SAMPLE_IDS.webhook, event: DELIVERY_EVENT.type },
    errors: [notFound('webhook', MISSING.webhook, 'id'), eventNotInPlan('event'), OBJECT_LIMIT],
    response: { status: 201, description: 'The delivery.', schema: 'WebhookDelivery', example: WEBHOOK_DELIVERY_EXAMPLE },
  },
  {
    id: 'listWebhookDeliveries', method: 'GET', path: '/webhooks/{id}/deliveries', section: 'webhooks', plans: ALL,
    summary: 'List deliveries of a webhook',
    description: 'Lists the deliveries of a webhook, newest first, each with the headers and raw body your endpoint receives: run the signature verification samples against them.',
    params: [p('id', 'Webhook id.'), cursor('delivery', SAMPLE_IDS.delivery)],
    example: { id: SAMPLE_IDS.webhook },
    errors: [notFound('webhook', MISSING.webhook, 'id')],
    response: { status: 200, description: 'The deliveries.', schema: list('#/components/schemas/WebhookDelivery'), example: listOf([WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE]) },
  },
  {
    id: 'resendWebhookDelivery', method: 'POST', path: '/webhooks/{id}/deliveries/{delivery_id}/resend', section: 'webhooks', plans: ALL,
    summary: 'Resend a delivery',
    description: 'Sends the event of one delivery again, as a new delivery with the same event id and body, signed afresh and retried like any other. Your handler can tell it is the same event by its id.',
    params: [p('id', 'Webhook id.'), p('delivery_id', 'Delivery id.')],
    example: { id: SAMPLE_IDS.webhook, delivery_id: SAMPLE_IDS.delivery },
    errors: [notFound('webhook', MISSING.webhook, 'id'), OBJECT_LIMIT],
    response: { status: 201, description: 'The new delivery.', schema: 'WebhookDelivery', example: WEBHOOK_DELIVERY_EXAMPLE },
  },
  {
    id: 'getWhiteLabelConfig', method: 'GET', path: '/white-label/config', section: 'whiteLabel', plans: WHITE_LABEL_PLAN_IDS, permission: 'manage:white_label',
    summary: 'Get the white-label configuration',
    description: 'Returns the branding of your white-label platform.',
    params: [], example: {},
    response: { status: 200, description: 'The configuration.', schema: 'WhiteLabelConfig', example: EXAMPLES.WhiteLabelConfig },
  },
  {
    id: 'deployWhiteLabel', method: 'POST', path: '/white-label/deploy', section: 'whiteLabel', plans: WHITE_LABEL_PLAN_IDS, permission: 'manage:white_label',
    summary: 'Deploy the white-label platform',
    description: 'Publishes your branded platform on your domain. You receive white_label.deployed when it is live.',
    events: ['white_label.deployed'],
    params: [b('domain', true, 'Your domain.', S()), b('ssl_enabled', false, 'Issue a TLS certificate (default true).', { type: 'boolean' })],
    example: { domain: 'banking.acme.example', ssl_enabled: true },
    errors: [OBJECT_LIMIT],
    response: { status: 200, description: 'The deployment.', schema: 'WhiteLabelDeployment', example: EXAMPLES.WhiteLabelDeployment },
  },
]);

/** The id of a documented call: one of the ids above, never any string. */
export type EndpointId = (typeof API_ENDPOINTS)[number]['id'];

const BY_ID = new Map<string, ApiEndpoint>(API_ENDPOINTS.map((e) => [e.id, e]));

/** The documented call with this id. */
export function endpointById(id: EndpointId): ApiEndpoint {
  const endpoint = BY_ID.get(id);
  // Only reachable from untyped callers (MDX): the type admits known ids alone.
  if (!endpoint) throw new Error(`Unknown endpoint id: ${id}`);
  return endpoint;
}

/** The path with its `{name}` parameters filled from `values` (URL-encoded). */
export function fillPath(endpoint: Pick<ApiEndpoint, 'path'>, values: Record<string, unknown>): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name] ?? `{${name}}`)));
}

/** Endpoints of one section, in reference order. */
export function endpointsOf(section: ApiEndpoint['section']): readonly ApiEndpoint[] {
  return API_ENDPOINTS.filter((e) => e.section === section);
}

/**
 * Heading id of an endpoint's card. A plan page prefixes the plan: the ids stay distinct from the
 * general reference's, so a link names which view of the call it means.
 */
export function endpointAnchor(id: string, plan?: PlanId): string {
  return plan ? `${plan}-${id}` : id;
}
