import { createHmac, randomBytes } from 'node:crypto';
import { API_VERSION, MAGIC, STATUSES, WEBHOOK_EVENTS, WEBHOOK_HEADERS } from '../../../../src/data/apiReference';
import { PLAN_LIMITS } from '../../../../src/data/limits';
import { SANDBOX_DELIVERY_STATUS } from '../../../../src/data/sandbox';
import { plansPhrase, SandboxError } from '../errors';
import { recordEvent, type SandboxEvent } from '../events/store';
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
function eventFor(ctx: Ctx, type: string): SandboxEvent & Record<string, unknown> {
  const doc = WEBHOOK_EVENTS.find((e) => e.type === type)!;
  const object = (doc.example.data as { object: Record<string, unknown> }).object;
  const rendered = doc.object === 'Payment' ? { ...object, fees: { ...(object.fees as object), product_fee: PLAN_LIMITS[ctx.key.plan].sampleTransactionFee } } : object;
  return { id: newId('evt_'), type, created: Math.floor(ctx.now / 1000), data: { object: rendered }, api_version: API_VERSION };
}

/** Webhooks and their test deliveries: recorded and signed as documented, never sent. */
export const WEBHOOK_OPERATIONS: Record<string, Operation> = {
  createWebhook: async (ctx) => {
    const url = str(ctx.params.url);
    if (!url.startsWith('https://')) throw new SandboxError('invalid_request_error', 'parameter_invalid_format', 'Invalid url: webhooks are delivered over HTTPS only.', 'url');
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
    const webhook = data<{ id: string; url: string; secret: string }>(row);
    const timestamp = String(Math.floor(ctx.now / 1000));
    const event = eventFor(ctx, type);
    await recordEvent(ctx.tx, ctx.key.id, event);
    const body = JSON.stringify(event);
    const signature = `sha256=${createHmac('sha256', webhook.secret).update(`${timestamp}.${body}`).digest('hex')}`;
    // A URL on the reserved .invalid domain stands for an endpoint that never answers 2xx (the magic failing delivery).
    const status = new URL(webhook.url).hostname.endsWith(MAGIC.failingWebhookDomain) ? STATUSES.webhookDelivery[2] : SANDBOX_DELIVERY_STATUS;
    const delivery = {
      id: newId('whd_'),
      webhook_id: webhook.id,
      event_type: type,
      url: webhook.url,
      status,
      headers: { 'Content-Type': 'application/json', [WEBHOOK_HEADERS.eventType]: type, [WEBHOOK_HEADERS.timestamp]: timestamp, [WEBHOOK_HEADERS.signature]: signature },
      body,
      created_at: iso(ctx.now),
    };
    await create(ctx, [{ kind: 'delivery', id: delivery.id, parentId: webhook.id, data: delivery, createdAt: ctx.now }]);
    await ctx.store.updateObject(ctx.key.id, 'webhook', webhook.id, { ...data<object>(row), last_delivery: { timestamp: delivery.created_at, status, response_time_ms: 0 } });
    return { status: 201, body: delivery };
  },
  listWebhookDeliveries: async (ctx) => {
    const id = str(ctx.params.id);
    await mustGet(ctx, 'webhook', id, 'webhook', 'id');
    return page(ctx, 'delivery', 'delivery', { parentId: id });
  },
};
