import { EXAMPLES, SAMPLE_IDS, WEBHOOK_EVENTS } from '../../../../src/data/apiReference';
import { FAILURE_REASONS } from '../../../../src/data/sandboxTime';
import { notFound, plansPhrase, SandboxError } from '../errors';
import { data, mustGet, str, type Ctx, type Operation } from '../operations/context';
import { fireEvent } from '../webhooks/deliveries';
import { movePayment, moveTransaction, PAY_FAILED, PAY_PENDING, PAY_RETURNED, PAY_SUCCEEDED, TXN_COMPLETED, TXN_FAILED, TXN_PENDING, TXN_RETURNED } from './transitions';

/** The kind of stored object each event's data.object is (WebhookEventDoc.object). */
const KIND_OF: Record<string, string> = { Transaction: 'transaction', Payment: 'payment', Account: 'account', Invoice: 'invoice', SyncJob: 'sync_job', WhiteLabelDeployment: 'deployment' };

function notApplicable(what: string, id: string, status: unknown, needed: string, outcome: string): SandboxError {
  return new SandboxError('invalid_request_error', 'simulation_not_applicable', `Cannot ${outcome} ${what} ${id}: it is ${String(status)}, and only a ${needed} ${what} can be made to ${outcome}.`, 'outcome');
}

/** The object an event carries: one of the key's, or the documented user (the sandbox stores no users). */
async function objectFor(ctx: Ctx, objectName: string, id: string): Promise<Record<string, unknown>> {
  if (objectName === 'User') {
    if (id !== SAMPLE_IDS.user) throw notFound('user', id, 'object_id');
    return { ...EXAMPLES.User, organization: { ...EXAMPLES.User.organization, plan: ctx.key.plan } };
  }
  return data<Record<string, unknown>>(await mustGet(ctx, KIND_OF[objectName]!, id, objectName === 'SyncJob' ? 'sync job' : objectName.toLowerCase(), 'object_id'));
}

/** Sandbox-only simulations (issue 47): one-off outcomes and events, each with its webhook, stamped at the key's clock. */
export const SIMULATION_OPERATIONS: Record<string, Operation> = {
  simulateTransaction: async (ctx) => {
    const id = str(ctx.params.id);
    const row = await mustGet(ctx, 'transaction', id, 'transaction', 'id');
    const status = data<{ status: string }>(row).status;
    const fail = ctx.params.outcome === 'fail';
    if (fail && status !== TXN_PENDING) throw notApplicable('transaction', id, status, TXN_PENDING, 'fail');
    if (!fail && status !== TXN_COMPLETED) throw notApplicable('transaction', id, status, TXN_COMPLETED, 'return');
    const moved = await moveTransaction(ctx, row, fail ? TXN_FAILED : TXN_RETURNED, fail ? FAILURE_REASONS.simulated : FAILURE_REASONS.returned);
    return { status: 200, body: moved.object };
  },
  simulatePayment: async (ctx) => {
    const id = str(ctx.params.id);
    const row = await mustGet(ctx, 'payment', id, 'payment', 'id');
    const status = data<{ status: string }>(row).status;
    const fail = ctx.params.outcome === 'fail';
    if (fail && status !== PAY_PENDING) throw notApplicable('payment', id, status, PAY_PENDING, 'fail');
    if (!fail && status !== PAY_SUCCEEDED) throw notApplicable('payment', id, status, PAY_SUCCEEDED, 'return');
    const moved = await movePayment(ctx, row, fail ? PAY_FAILED : PAY_RETURNED, fail ? FAILURE_REASONS.simulated : FAILURE_REASONS.returned);
    return { status: 200, body: moved.object };
  },
  simulateEvent: async (ctx) => {
    const type = str(ctx.params.type);
    const doc = WEBHOOK_EVENTS.find((e) => e.type === type);
    if (!doc) throw new SandboxError('invalid_request_error', 'parameter_invalid_enum', `Invalid type: unknown event type ${type}.`, 'type');
    if (!doc.plans.includes(ctx.key.plan)) throw new SandboxError('permission_error', 'event_not_in_plan', `The ${type} event requires ${plansPhrase(doc.plans)}.`, 'type');
    const object = await objectFor(ctx, doc.object, str(ctx.params.object_id));
    const { event } = await fireEvent(ctx, type, object);
    return { status: 201, body: event };
  },
};
