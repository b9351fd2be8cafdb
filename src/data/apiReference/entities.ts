/**
 * Documented API entities (spec section 3) as JSON Schemas; one example of each is in ./examples.ts.
 * To add a field: add it to the schema and to the example; the OpenAPI test checks that every
 * example validates against its schema.
 */
import { PLAN_IDS } from '../plans';
import { API_VERSION_NAMES } from '../apiVersioning';
import { ACCOUNT_TYPES, STATUSES } from './common';
import type { JsonSchema } from './types';

const str = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });
const num = (description: string): JsonSchema => ({ type: 'number', description });
const time = (description: string): JsonSchema => str(description, { format: 'date-time' });
/** Set once a transaction or payment failed or was returned (the sandbox's test clock and simulations, issue 47). */
const FAILURE_REASON = { failure_reason: str('Why it failed or was returned; present only then.') };
/** A closed object whose `optional` properties may be absent (every other one is required). */
const withOptional = (schema: JsonSchema, optional: Record<string, JsonSchema>): JsonSchema => ({ ...schema, properties: { ...schema.properties, ...optional } });
const obj = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties),
  // Closed: an answer with a field the reference does not document fails the schema (contract tests).
  additionalProperties: false,
});

/** Rows of the profit and loss report, in report order. */
export const PROFIT_LOSS_ROWS = ['Income', 'Expenses', 'Net Profit'] as const;

/** `schema` with `name` optional: a field added to a released schema, which older objects may lack. */
const optional = (schema: JsonSchema, name: string): JsonSchema => ({ ...schema, required: schema.required!.filter((r) => r !== name) });

export const API_SCHEMAS: Record<string, JsonSchema> = {
  Account: obj({
    id: str('Account id.'),
    account_number: str('Account number, masked to its last four digits.'),
    account_type: str('Kind of account.', { enum: ACCOUNT_TYPES }),
    balance: obj({ current: num('Booked balance.'), available: num('Balance available to spend.'), currency: str('ISO 4217 currency code.') }),
    status: str('Account status.', { enum: STATUSES.account }),
    created_at: time('Creation time.'),
    updated_at: time('Last update time.'),
  }),
  Transaction: withOptional(obj({
    id: str('Transaction id.'),
    account_id: str('Account the transaction belongs to.'),
    amount: num('Amount in the currency unit; negative for debits.'),
    currency: str('ISO 4217 currency code.'),
    type: str('debit or credit.', { enum: ['debit', 'credit'] }),
    status: str('Transaction status.', { enum: STATUSES.transaction }),
    description: str('Free text shown on statements.'),
    merchant: obj({ name: str('Merchant name.'), category: str('Merchant category.') }),
    created_at: time('Creation time.'),
    updated_at: time('Last update time.'),
  }), FAILURE_REASON),
  Payment: withOptional(obj({
    id: str('Payment id.'),
    status: str('Payment status.', { enum: STATUSES.payment }),
    amount: num('Amount charged.'),
    currency: str('ISO 4217 currency code.'),
    payment_method: str('Payment method used, e.g. card or bank_transfer.'),
    customer: str('Customer reference or email.'),
    fees: obj({ product_fee: num("Your plan's per-transaction product fee (the sample transaction fee of the plan limits)."), processing_fee: num('Processing fee.') }),
  }), FAILURE_REASON),
  AccountingOrganization: obj({
    id: str('Tenant id of the Xero organization.'),
    name: str('Organization name.'),
    country_code: str('ISO 3166 country code.'),
    currency_code: str('Base currency.'),
    timezone: str('IANA timezone.'),
    is_demo: { type: 'boolean', description: 'True for the Xero demo company.' },
    subscription_type: str('Xero subscription of the organization.'),
    connected_at: time('When the organization was connected.'),
  }),
  Invoice: obj({
    invoice_id: str('Xero invoice id.'),
    invoice_number: str('Invoice number.'),
    contact: obj({ contact_id: str('Xero contact id.'), name: str('Contact name.') }),
    date: str('Issue date.', { format: 'date' }),
    due_date: str('Due date.', { format: 'date' }),
    status: str('Invoice status.', { enum: STATUSES.invoice }),
    sub_total: num('Total before tax.'),
    total_tax: num('Tax.'),
    total: num('Total including tax.'),
    currency_code: str('Currency.'),
    updated_date: time('Last update in Xero.'),
  }),
  ProfitLossReport: obj(
    {
      report_name: str('Always Profit and Loss.', { enum: ['Profit and Loss'] }),
      tenant_id: str('Xero tenant id.'),
      currency_code: str("The organization's base currency; transactions in other currencies are left out."),
      periods: {
        type: 'array',
        minItems: 1,
        description: 'One column per period, newest first: the first is from_date to to_date, each further one the same number of days just before.',
        items: obj({ from_date: str('First day of the period.', { format: 'date' }), to_date: str('Last day of the period.', { format: 'date' }) }),
      },
      rows: {
        type: 'array',
        description: 'Income, Expenses and Net Profit, each with one amount per period (in the order of periods).',
        items: obj({ title: str('Row title.', { enum: PROFIT_LOSS_ROWS }), amounts: { type: 'array', items: num('Amount of the period.') } }),
      },
    },
    'Profit and loss of the tenant over one or more periods, from the bank transactions synced to it.',
  ),
  SyncJob: obj({
    id: str('Sync job id.'),
    status: str('Job status.', { enum: STATUSES.syncJob }),
    tenant_id: str('Xero tenant id.'),
    transaction_count: { type: 'integer', description: 'Number of transactions queued.' },
    created_at: time('Creation time.'),
  }),
  // api_version came after v1's release: webhooks stored before it were v1's.
  Webhook: optional(obj({
    id: str('Webhook id.'),
    url: str('HTTPS endpoint receiving the events.', { format: 'uri' }),
    events: { type: 'array', items: { type: 'string' }, description: 'Event types delivered.' },
    secret: str('Signing secret, shown once when the webhook is created.'),
    active: { type: 'boolean', description: 'Whether events are delivered.' },
    api_version: str("API version of the events delivered to it: each event's api_version, and the shapes of its data.object.", { enum: API_VERSION_NAMES }),
    created_at: time('Creation time.'),
    last_delivery: {
      type: ['object', 'null'],
      description: 'Last delivery attempt, null before the first one.',
      properties: {
        timestamp: time('Delivery time.'),
        status: str('Delivery status.', { enum: STATUSES.webhookDelivery }),
        response_time_ms: { type: 'integer', description: 'Response time of your endpoint.' },
      },
      required: ['timestamp', 'status', 'response_time_ms'],
      additionalProperties: false,
    },
  }), 'api_version'),
  WebhookDelivery: obj({
    id: str('Delivery id.'),
    webhook_id: str('Webhook the event was for.'),
    event_type: str('Event type.'),
    url: str('Where the event is sent.', { format: 'uri' }),
    status: str('pending until an attempt gets a 2xx answer (succeeded) or the last retry fails (failed).', { enum: STATUSES.webhookDelivery }),
    headers: { type: 'object', description: 'Headers of the latest POST (or of the first, before it is made), including the signature. Each attempt is signed afresh with its own timestamp.', additionalProperties: { type: 'string' } },
    body: str('Raw body of the POST, byte for byte: verify the signature over this exact text.'),
    created_at: time('Creation time.'),
    attempts: {
      type: 'array',
      description: 'Each attempt so far, oldest first.',
      items: obj({
        attempted_at: time('When the attempt started.'),
        http_status: { type: ['integer', 'null'], description: "Your endpoint's HTTP status; null when it gave none (refused, timed out, not resolved)." },
        error: { type: ['string', 'null'], description: 'Why the attempt failed; null when it succeeded.' },
        response_time_ms: { type: 'integer', description: 'Time from the request to the end of what was read of the answer.' },
        response_body: str('The first bytes of the answer (up to the documented cap), as text.'),
      }),
    },
    next_attempt_at: { type: ['string', 'null'], format: 'date-time', description: 'When the next attempt is due; null once the delivery succeeded or failed.' },
  }),
  WebhookEvent: obj({
    id: str('Event id.'),
    type: str('Event type.'),
    created: { type: 'integer', description: 'Unix time the event was created.' },
    data: obj({ object: { type: 'object', description: 'The resource the event is about.', additionalProperties: true } }),
    api_version: str('API version used to render data.object.'),
  }),
  User: obj({
    id: str('User id.'),
    email: str('Email address.', { format: 'email' }),
    name: str('Full name.'),
    picture: str('Avatar URL.', { format: 'uri' }),
    organization: obj({ id: str('Organization id.'), name: str('Organization name.'), plan: str('Plan.', { enum: PLAN_IDS }) }),
    permissions: { type: 'array', items: { $ref: '#/components/schemas/Permission' }, description: 'Permission strings.' },
  }),
  AuthTokens: obj({
    access_token: str('Short-lived access token.'),
    refresh_token: str('Token to get a new access token.'),
    expires_in: { type: 'integer', description: 'Seconds until access_token expires.' },
    token_type: str('Always Bearer.', { enum: ['Bearer'] }),
  }),
  WhiteLabelConfig: obj({
    id: str('Configuration id.'),
    company_name: str('Brand name shown to your customers.'),
    domain: str('Custom domain.'),
    primary_color: str('Primary brand color.'),
    is_active: { type: 'boolean', description: 'True once deployed.' },
  }),
  WhiteLabelDeployment: obj({
    id: str('Deployment id.'),
    status: str('Deployment status.', { enum: STATUSES.whiteLabelDeployment }),
    domain: str('Domain being deployed.'),
    ssl_enabled: { type: 'boolean', description: 'Whether a TLS certificate is issued.' },
  }),
};

// The examples live in ./examples.ts; importers of the reference's entities find them here too.
export { EXAMPLES, SECOND_SAMPLE_TRANSACTION, listOf, paymentExampleFor } from './examples';
