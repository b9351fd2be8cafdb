/**
 * The webhook event types: the nine of spec section 7 with the plans that may receive them
 * (spec section 6), then invoice.overdue (issue 47: sandbox time). To add an event, append it
 * here; docs, plan pages and OpenAPI follow.
 */
import { PLAN_IDS, WHITE_LABEL_PLAN_IDS, type PlanId } from '../plans';
import { ACCOUNTING, API_VERSION, SAMPLE_IDS, SAMPLE_TIMES } from './common';
import { EXAMPLES } from './entities';
import { INVOICE_OVERDUE_EVENT } from '../sandboxTime';
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
  { type: INVOICE_OVERDUE_EVENT, plans: ALL, object: 'Invoice', description: 'An unpaid invoice passed its due date (at the start of the next day, UTC). Its status stays as Xero has it.', example: event(INVOICE_OVERDUE_EVENT, EXAMPLES.Invoice) },
];

export { WEBHOOK_HEADERS, SIGNATURE_TOLERANCE_SECONDS } from './webhookHeaders';

/**
 * The signature header of each event's example delivery: sha256= HMAC-SHA256 of
 * `{created}.{JSON of the example}` keyed with EXAMPLES.Webhook.secret. Constants because this
 * module also runs in the browser (no node:crypto); tests/unit/docs/openapi.test.ts recomputes them.
 */
export const EXAMPLE_SIGNATURES: Record<string, string> = {
  'transaction.completed': '60dd9cce6a78abaa3ed461dad90b7dbbb0100df1ca70a08161f95341b1dd102b',
  'transaction.failed': 'a678174987cba6f9f17995f1aec75568c453c29953124f9c2649246940ebc38f',
  'payment.succeeded': '586492250ec39cf717e947a86d80b578ab0fd96e0e6dc3cb29e353a89ac2fae0',
  'payment.failed': 'f724b7aea991549800597499a7c59ed9c14d30cb68b18cbf2930e167bffd3a8f',
  'account.updated': 'b1da931d332242603c54d8cf7525cc0b034a0ada09ef7b3e4158bbfc195ec3d6',
  [`${ACCOUNTING}.sync.completed`]: 'bfa9c6539e60ebf8e6f72d59f78317abb94ec7ed4515cad3cabfe1bf6e1f742f',
  'invoice.created': '1fcf0c1fab221bdd00ffe38afe7aa6bced5b1e6d2553844fc256ca45ac1c1b44',
  'user.created': '50d36fb5d019276e0d7142593b4c909a9c71b4a6d1dcab7f2e45e51a7195d1e7',
  'white_label.deployed': '1f2756fecfbed76cf1dadd291b89c0afa56771270328f9e94da6991542767d78',
  'invoice.overdue': '21ffb212f499a0fcbce91082a444eec314f258e22fc0957f699643f17647a553',
};
