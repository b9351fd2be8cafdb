/**
 * One example of each documented entity (src/data/apiReference/entities.ts has their schemas), and
 * the sample data built from them. The OpenAPI test checks that every example validates against
 * its schema.
 */
import { SAMPLE_EXPIRIES } from '../timings';
import type { PlanId } from '../plans';
import { PLAN_LIMITS } from '../limits';
import { API_VERSION, EXAMPLE_PLAN, PERMISSIONS, SAMPLE_IDS, SAMPLE_TIMES, STATUSES } from './common';


export const EXAMPLES = {
  Account: {
    id: SAMPLE_IDS.account,
    account_number: '****4821',
    account_type: 'business',
    balance: { current: 25000.0, available: 24350.5, currency: 'USD' },
    status: STATUSES.account[0],
    created_at: SAMPLE_TIMES.created,
    updated_at: SAMPLE_TIMES.updated,
  },
  Transaction: {
    id: SAMPLE_IDS.transaction,
    account_id: SAMPLE_IDS.account,
    amount: -149.99,
    currency: 'USD',
    type: 'debit',
    status: STATUSES.transaction[1],
    description: 'Office supplies',
    merchant: { name: 'Paper & Co', category: 'office_supplies' },
    created_at: SAMPLE_TIMES.created,
    updated_at: SAMPLE_TIMES.updated,
  },
  Payment: {
    id: SAMPLE_IDS.payment,
    status: STATUSES.payment[0],
    amount: 250.0,
    currency: 'USD',
    payment_method: 'card',
    customer: 'customer@example.com',
    fees: { product_fee: PLAN_LIMITS[EXAMPLE_PLAN].sampleTransactionFee, processing_fee: 0.3 },
  },
  AccountingOrganization: {
    id: SAMPLE_IDS.tenant,
    name: 'Demo Company (US)',
    country_code: 'US',
    currency_code: 'USD',
    timezone: 'America/New_York',
    is_demo: true,
    subscription_type: 'STANDARD',
    connected_at: SAMPLE_TIMES.created,
  },
  Invoice: {
    invoice_id: SAMPLE_IDS.invoice,
    invoice_number: 'INV-0042',
    contact: { contact_id: 'b8f2c1d0-1a2b-4c3d-8e9f-112233445566', name: 'Acme Retail' },
    date: '2024-09-20',
    due_date: '2024-10-20',
    status: STATUSES.invoice[1],
    sub_total: 1000.0,
    total_tax: 100.0,
    total: 1100.0,
    currency_code: 'USD',
    updated_date: SAMPLE_TIMES.updated,
  },
  SyncJob: {
    id: SAMPLE_IDS.syncJob,
    status: STATUSES.syncJob[0],
    tenant_id: SAMPLE_IDS.tenant,
    transaction_count: 2,
    created_at: SAMPLE_TIMES.created,
  },
  Webhook: {
    id: SAMPLE_IDS.webhook,
    url: 'https://example.com/webhooks/ledgerline',
    events: ['transaction.completed', 'payment.succeeded'],
    secret: 'whsec_5f8d2a9c7e1b4f6a',
    active: true,
    api_version: API_VERSION,
    created_at: SAMPLE_TIMES.created,
    last_delivery: { timestamp: SAMPLE_TIMES.updated, status: STATUSES.webhookDelivery[0], response_time_ms: 142 },
  },
  User: {
    id: SAMPLE_IDS.user,
    email: 'jane@acme.example',
    name: 'Jane Cooper',
    picture: 'https://cdn.ledgerline.example.com/avatars/usr_5Jd8RkT2mQ9pLx3A.png',
    organization: { id: SAMPLE_IDS.organization, name: 'Acme Ltd', plan: 'business' },
    permissions: PERMISSIONS.filter((p) => p.plans.includes('business')).map((p) => p.name),
  },
  AuthTokens: {
    access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c3JfNUpkOCJ9.sig',
    refresh_token: 'rt_2Hf8KdL9qX4mV7pZ',
    expires_in: SAMPLE_EXPIRIES.accessTokenSeconds,
    token_type: 'Bearer',
  },
  WhiteLabelConfig: {
    id: SAMPLE_IDS.whiteLabelConfig,
    company_name: 'Acme Bank',
    domain: 'banking.acme.example',
    primary_color: '#8080ff',
    is_active: false,
  },
  WhiteLabelDeployment: {
    id: SAMPLE_IDS.deployment,
    status: STATUSES.whiteLabelDeployment[0],
    domain: 'banking.acme.example',
    ssl_enabled: true,
  },
} as const;

/** The second transaction every sandbox key starts with (on the primary account, like EXAMPLES.Transaction). */
export const SECOND_SAMPLE_TRANSACTION = {
  ...EXAMPLES.Transaction,
  id: 'txn_3MtwBwLkdIwHu8jy',
  amount: -42.5,
  description: 'Software subscription',
  merchant: { name: 'Cloud Tools', category: 'software' },
} as const;

/** Wraps a list the way every list endpoint answers. */
export function listOf<T>(items: readonly T[], hasMore = false): { data: readonly T[]; has_more: boolean } {
  return { data: items, has_more: hasMore };
}

/** A payment as one plan sees it: the product fee is that plan's sample transaction fee. */
export function paymentExampleFor(plan: PlanId): typeof EXAMPLES.Payment {
  return { ...EXAMPLES.Payment, fees: { ...EXAMPLES.Payment.fees, product_fee: PLAN_LIMITS[plan].sampleTransactionFee } };
}
