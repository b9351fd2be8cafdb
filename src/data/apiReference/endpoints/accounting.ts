/** Accounting: the connection to the accounting provider, invoices, syncs and reports. Entries in reference order (see ../endpoints.ts). */
import { PLAN_LIMITS, PROFIT_LOSS_PERIODS } from '../../limits';
import { SAMPLE_EXPIRIES } from '../../timings';
import { ACCOUNTING_PROVIDER } from '../../site';
import { profitAndLoss } from '../../../domain/profitLoss';
import { ACCOUNTING, SAMPLE_IDS, STATUSES } from '../common';
import { EXAMPLES, listOf, SECOND_SAMPLE_TRANSACTION } from '../entities';
import { listLimit, OBJECT_LIMIT, TENANT_NOT_FOUND, TRANSACTIONS_NOT_FOUND } from './errors';
import { PROFIT_LOSS_EXAMPLE } from './examples';
import { ALL, b, cursor, DATE, defineEndpoints, list, PAID_TIERS, q, S, tenant } from './params';

export const ACCOUNTING_ENDPOINTS = defineEndpoints([
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
]);
