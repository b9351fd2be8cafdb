import { randomBytes } from 'node:crypto';
import { WEBHOOK_EVENTS } from '../../../../src/data/apiReference';
import { PLAN_LIMITS } from '../../../../src/data/limits';
import { notFound, plansPhrase, SandboxError } from '../errors';
import { recordEvent } from '../events/store';
import { enqueueDelivery, eventIn, eventOf, versionOfWebhook, type DeliveryObject, type WebhookObject } from '../webhooks/deliveries';
import { iso, newId } from '../keys';
import { create, data, mustGet, page, planLimitError, str, type Ctx, type Operation } from './context';

function eventAllowed(ctx: Ctx, type: string, param: string): void {
  const event = WEBHOOK_EVENTS.find((e) => e.type === type);
  if (!event) throw new SandboxError('invalid_request_error', 'parameter_invalid_enum', `Invalid ${param}: unknown event type ${type}.`, param);
  if (!event.plans.includes(ctx.key.plan)) {
    throw new SandboxError('permission_error', 'event_not_in_plan', `The ${type} event requires ${plansPhrase(event.plans)}.`, param);
  }
}

/** The event a test delivery carries: the documented example, with a fresh id and time, rendered for the key's plan. */
function eventFor(ctx: Ctx, type: string): ReturnType<typeof eventOf> {
  const doc = WEBHOOK_EVENTS.find((e) => e.type === type)!;
  const object = (doc.example.data as { object: Record<string, unknown> }).object;
  const rendered = doc.object === 'Payment' ? { ...object, fees: { ...(object.fees as object), product_fee: PLAN_LIMITS[ctx.key.plan].sampleTransactionFee } } : object;
  return eventOf(ctx, type, rendered);
}

/**
 * Webhooks and their deliveries: each test event (and each resend) is queued here, in the
 * call's transaction, and sent for real by the delivery worker (../webhooks/worker.ts). The url
 * was checked against the delivery rules before the transaction began (../webhooks/precheck.ts).
 */
export const WEBHOOK_OPERATIONS: Record<string, Operation> = {
  createWebhook: async (ctx) => {
    const url = str(ctx.params.url);
    const events = ctx.params.events as string[];
    if (!events.length) throw new SandboxError('invalid_request_error', 'parameter_missing', 'Missing required param: events (at least one event type).', 'events');
    events.forEach((type, i) => eventAllowed(ctx, type, `events[${i}]`));
    const max = PLAN_LIMITS[ctx.key.plan].webhooks;
    if (max !== null && (await ctx.store.countObjects(ctx.key.id, 'webhook')) >= max) throw planLimitError(ctx, 'webhooks', max);
    const webhook = {
      id: newId('wh_'),
      url,
      events: [...new Set(events)],
      secret: `whsec_${randomBytes(16).toString('hex')}`,
      active: (ctx.params.active as boolean | undefined) ?? true,
      // The request's version unless it names one: the key's pin or its X-API-Version.
      api_version: (ctx.params.api_version as string | undefined) ?? ctx.key.apiVersion,
      created_at: iso(ctx.now),
      last_delivery: null,
    };
    await create(ctx, [{ kind: 'webhook', id: webhook.id, parentId: null, data: webhook, createdAt: ctx.now }]);
    return { status: 201, body: webhook };
  },
  listWebhooks: (ctx) => page(ctx, 'webhook', 'webhook'),
  testWebhook: async (ctx) => {
    const row = await mustGet(ctx, 'webhook', str(ctx.params.id), 'webhook', 'id');
    const type = str(ctx.params.event);
    eventAllowed(ctx, type, 'event');
    // A URL on the reserved .invalid domain never resolves: its deliveries fail (the magic failing delivery).
    const webhook = data<WebhookObject>(row);
    const event = eventIn(versionOfWebhook(webhook), eventFor(ctx, type));
    await recordEvent(ctx.db, ctx.key.id, event);
    const delivery = await enqueueDelivery(ctx, webhook, type, JSON.stringify(event));
    return { status: 201, body: delivery };
  },
  listWebhookDeliveries: async (ctx) => {
    const id = str(ctx.params.id);
    await mustGet(ctx, 'webhook', id, 'webhook', 'id');
    return page(ctx, 'delivery', 'delivery', { parentId: id });
  },
  resendWebhookDelivery: async (ctx) => {
    const webhook = data<WebhookObject>(await mustGet(ctx, 'webhook', str(ctx.params.id), 'webhook', 'id'));
    const deliveryId = str(ctx.params.delivery_id);
    const row = await mustGet(ctx, 'delivery', deliveryId, 'delivery', 'delivery_id');
    if (row.parent_id !== webhook.id) throw notFound('delivery', deliveryId, 'delivery_id');
    const original = data<DeliveryObject>(row);
    // The same event (id and body), to the webhook's url and secret as they are now.
    const delivery = await enqueueDelivery(ctx, webhook, original.event_type, original.body);
    return { status: 201, body: delivery };
  },
};
