/**
 * 2026-11-28: a payment is pending until it settles, and a settled transaction or payment can be
 * returned. The sandbox's test clock (issue 47) settles payments and transactions over clock days
 * and can return them; v1's document has no `pending` payment and no `returned` status, and a
 * response enum that gains values breaks a client that switches over it exhaustively, so v1
 * keeps its statuses (see V1_STATUS_VIEW) and the dated version documents the whole set.
 */
import { STATUSES } from '../common';
import type { JsonSchema } from '../types';
import type { JsonObject, VersionChange } from './types';

/** Every status a sandbox transaction or payment can have: what the sandbox stores. */
export const SETTLEMENT_STATUSES = {
  transaction: [...STATUSES.transaction, 'returned'],
  payment: [...STATUSES.payment, 'pending', 'returned'],
} as const;

export type TransactionStatus = (typeof SETTLEMENT_STATUSES.transaction)[number];
export type PaymentStatus = (typeof SETTLEMENT_STATUSES.payment)[number];

/**
 * How v1 shows a status it does not document: a pending payment as v1 always answered it
 * (succeeded at once; payment.failed follows if its settlement fails), a returned one as failed,
 * with the failure_reason that says it was returned.
 */
export const V1_STATUS_VIEW: Record<'Transaction' | 'Payment', Partial<Record<string, string>>> = {
  Transaction: { returned: 'failed' },
  Payment: { pending: 'succeeded', returned: 'failed' },
};

/** `value` of schema `name` with the statuses v1 documents. */
export function v1Statuses(name: string, value: JsonObject): JsonObject {
  const view = V1_STATUS_VIEW[name as keyof typeof V1_STATUS_VIEW];
  const shown = view && typeof value.status === 'string' ? view[value.status] : undefined;
  return shown ? { ...value, status: shown } : value;
}

const withStatuses = (s: JsonSchema, values: readonly string[], note: string): JsonSchema => ({
  ...s,
  properties: { ...s.properties, status: { ...s.properties!.status!, enum: [...values], description: `${s.properties!.status!.description ?? ''} ${note}`.trim() } },
});

export const SETTLEMENT: VersionChange = {
  id: 'settlement-statuses',
  title: 'Payments are pending until they settle, and can be returned',
  why:
    'v1 answers a payment succeeded the moment it is created and has no word for money that comes back after it settled. A bank ' +
    'settles a payment days later and may return it after that: an integration that books revenue on succeeded needs to see the ' +
    'pending days, and one that reconciles needs returned apart from failed.',
  todo:
    `Treat a payment as ${SETTLEMENT_STATUSES.payment[2]} until payment.succeeded (or payment.failed) arrives, and handle ${SETTLEMENT_STATUSES.payment[3]} ` +
    'transactions and payments (their failure_reason says why) where v1 showed them as failed.',
  samples: ['createPayment'],
  schemas: (schemas) => ({
    ...schemas,
    Transaction: withStatuses(schemas.Transaction!, SETTLEMENT_STATUSES.transaction, 'A completed transaction may later be returned.'),
    Payment: withStatuses(schemas.Payment!, SETTLEMENT_STATUSES.payment, 'Pending until it settles; a succeeded payment may later be returned.'),
  }),
  params: (_endpoint, params) => params,
  // The sandbox stores these statuses as they are: v1's answers narrow them (V1_STATUS_VIEW).
  upgradeObject: (_schema, value) => value,
  upgradeParams: (_id, values) => values,
  downgradeParams: (_id, values) => values,
  // A new payment is pending: v1's example says succeeded, as v1 answers it.
  responseExample: (id, example) => (id === 'createPayment' && example && typeof example === 'object' ? { ...example, status: SETTLEMENT_STATUSES.payment[2] } : example),
};
