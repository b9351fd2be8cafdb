/**
 * The nine webhook event types (spec section 7) with the plans that may receive them
 * (spec section 6). To add an event, append it here; docs, plan pages and OpenAPI follow.
 */
import { PLAN_IDS, WHITE_LABEL_PLAN_IDS, type PlanId } from '../plans';
import { ACCOUNTING, API_VERSION, SAMPLE_IDS, SAMPLE_TIMES } from './common';
import { EXAMPLES } from './entities';
import type { WebhookEventDoc } from './types';

const ALL: readonly PlanId[] = PLAN_IDS;
const PAID_TIERS: readonly PlanId[] = ['business', 'enterprise'];

function event(type: string, object: Record<string, unknown>): Record<string, unknown> {
  return { id: SAMPLE_IDS.event, type, created: SAMPLE_TIMES.createdUnix, data: { object }, api_version: API_VERSION };
}

const failed = { ...EXAMPLES.Transaction, status: 'failed', failure_reason: 'insufficient_funds' };

export const WEBHOOK_EVENTS: readonly WebhookEventDoc[] = [
  { type: 'transaction.completed', plans: ALL, object: 'Transaction', description: 'A transaction has settled.', example: event('transaction.completed', EXAMPLES.Transaction) },
  { type: 'transaction.failed', plans: ALL, object: 'Transaction', description: 'A transaction could not be completed.', example: event('transaction.failed', failed) },
  { type: 'payment.succeeded', plans: ALL, object: 'Payment', description: 'A payment was captured.', example: event('payment.succeeded', EXAMPLES.Payment) },
  { type: 'payment.failed', plans: ALL, object: 'Payment', description: 'A payment was declined or failed.', example: event('payment.failed', { ...EXAMPLES.Payment, status: 'failed' }) },
  { type: 'account.updated', plans: PAID_TIERS, object: 'Account', description: 'A bank account changed, e.g. its balance or status.', example: event('account.updated', EXAMPLES.Account) },
  { type: `${ACCOUNTING}.sync.completed`, plans: PAID_TIERS, object: 'SyncJob', description: 'A Xero sync job has finished.', example: event(`${ACCOUNTING}.sync.completed`, { ...EXAMPLES.SyncJob, status: 'completed' }) },
  { type: 'invoice.created', plans: ALL, object: 'Invoice', description: 'An invoice was created in Xero.', example: event('invoice.created', EXAMPLES.Invoice) },
  { type: 'user.created', plans: PAID_TIERS, object: 'User', description: 'A user joined your organization.', example: event('user.created', EXAMPLES.User) },
  { type: 'white_label.deployed', plans: WHITE_LABEL_PLAN_IDS, object: 'WhiteLabelDeployment', description: 'Your white-label platform is live.', example: event('white_label.deployed', EXAMPLES.WhiteLabelDeployment) },
];

/** Header names of a webhook delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Ledgerline-Signature',
  timestamp: 'X-Ledgerline-Timestamp',
  eventType: 'X-Ledgerline-Event',
} as const;

/** Deliveries older than this are rejected by the verification samples (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
