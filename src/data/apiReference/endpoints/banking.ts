/** Banking: accounts, transactions and payments. Entries in reference order (see ../endpoints.ts). */
import { PLAN_IDS, getPlan } from '../../plans';
import { PLAN_LIMITS, formatLimit } from '../../limits';
import { ACCOUNT_TYPES, SAMPLE_IDS, STATUSES } from '../common';
import { EXAMPLES, listOf, paymentExampleFor } from '../entities';
import { listLimit, MISSING, notFound, OBJECT_LIMIT, planCap } from './errors';
import { ALL, b, cursor, CURRENCY, DATE, defineEndpoints, list, PAID_TIERS, q, S } from './params';

export const BANKING_ENDPOINTS = defineEndpoints([
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
]);
