import { API_VERSION, SAMPLE_IDS, STATUSES, WEBHOOK_EVENTS } from '../../../../src/data/apiReference';
import { upgradeEvent } from '../../../../src/data/apiReference/versions';
import { isApiVersion, type ApiVersionName } from '../../../../src/data/apiVersioning';
import { PLAN_LIMITS } from '../../../../src/data/limits';
import { SANDBOX_WEBHOOK_DELIVERY } from '../../../../src/data/sandbox';
import { SandboxError } from '../errors';
import { recordEvent, type SandboxEvent } from '../events/store';
import { signedHeaders } from './signature';
import { iso, newId } from '../keys';
import { create, data, type Ctx } from '../operations/context';

/** A delivery as GET /webhooks/{id}/deliveries shows it (the WebhookDelivery schema). */
export interface DeliveryObject {
  id: string;
  webhook_id: string;
  event_type: string;
  url: string;
  status: (typeof STATUSES.webhookDelivery)[number];
  headers: Record<string, string>;
  body: string;
  created_at: string;
  attempts: DeliveryAttempt[];
  next_attempt_at: string | null;
}

export interface DeliveryAttempt {
  attempted_at: string;
  http_status: number | null;
  error: string | null;
  response_time_ms: number;
  response_body: string;
}

export interface WebhookObject {
  id: string;
  url: string;
  events: string[];
  secret: string;
  active: boolean;
  /** Absent on webhooks stored before versions: they were v1's. */
  api_version?: string;
  last_delivery: { timestamp: string; status: string; response_time_ms: number } | null;
}

/** The version a webhook's events are rendered in. */
export const versionOfWebhook = (w: WebhookObject): ApiVersionName => (isApiVersion(w.api_version) ? w.api_version : API_VERSION);

/** A v1 event as `version` renders it (the object in its shapes, api_version naming it). */
export function eventIn(version: ApiVersionName, event: SandboxEvent & { data: { object: unknown } }): SandboxEvent & { data: { object: unknown }; api_version: ApiVersionName } {
  const doc = WEBHOOK_EVENTS.find((e) => e.type === event.type);
  return doc ? upgradeEvent(version, doc.object, event) : { ...event, api_version: version };
}

export const [SUCCEEDED, PENDING, FAILED] = STATUSES.webhookDelivery;


const MINUTE_MS = 60_000;

/**
 * Queues one signed delivery of `body` to `webhook`, in the operation's transaction: the
 * delivery object and its queue row are stored with the call, or neither is. Refused (429)
 * past the per-key limit of SANDBOX_WEBHOOK_DELIVERY.perKeyPerMinute.
 */
export async function enqueueDelivery(ctx: Ctx, webhook: WebhookObject, eventType: string, body: string): Promise<DeliveryObject> {
  // The sample delivery a key starts with was never queued.
  const recent = await ctx.store.countObjectsSince(ctx.key.id, 'delivery', ctx.realNow - MINUTE_MS, SAMPLE_IDS.delivery);
  if (recent >= SANDBOX_WEBHOOK_DELIVERY.perKeyPerMinute) {
    throw new SandboxError('rate_limit_error', 'webhook_delivery_limit', `Webhook delivery limit reached: a key may queue ${SANDBOX_WEBHOOK_DELIVERY.perKeyPerMinute} deliveries a minute. Try again in a minute.`);
  }
  const delivery: DeliveryObject = {
    id: newId('whd_'),
    webhook_id: webhook.id,
    event_type: eventType,
    url: webhook.url,
    status: PENDING,
    headers: signedHeaders(eventType, webhook.secret, body, Math.floor(ctx.realNow / 1000)),
    body,
    created_at: iso(ctx.now),
    attempts: [],
    next_attempt_at: iso(ctx.realNow),
  };
  // Its row's created_at is real time, as the queue's: the per-minute limit counts real deliveries, whatever the key's clock says.
  await create(ctx, [{ kind: 'delivery', id: delivery.id, parentId: webhook.id, data: delivery, createdAt: ctx.realNow }]);
  await ctx.db
    .insertInto('sandbox_webhook_queue')
    .values({
      id: delivery.id,
      key_id: ctx.key.id,
      webhook_id: webhook.id,
      url: webhook.url,
      secret: webhook.secret,
      event_type: eventType,
      body,
      max_attempts: 1 + PLAN_LIMITS[ctx.key.plan].webhookRetryAttempts,
      next_attempt_at: ctx.realNow,
      created_at: ctx.realNow,
    })
    .execute();
  return delivery;
}

/** A webhook event as the docs show it (WebhookEvent), with a fresh id and time. */
export function eventOf(ctx: Ctx, type: string, object: Record<string, unknown>): SandboxEvent & { data: { object: Record<string, unknown> }; api_version: ApiVersionName } {
  return { id: newId('evt_'), type, created: Math.floor(ctx.now / 1000), data: { object }, api_version: API_VERSION };
}

/**
 * What a sandbox call that documents an event (ApiEndpoint.events) calls once it succeeded:
 * queues a delivery of the event to each of the key's active webhooks subscribed to `type`.
 * Past the per-key delivery limit the event is not delivered (the call itself still succeeds).
 * Returns the event and the deliveries queued.
 */
export async function fireEvent(ctx: Ctx, type: string, object: Record<string, unknown>): Promise<{ event: ReturnType<typeof eventIn>; deliveries: DeliveryObject[] }> {
  const v1 = eventOf(ctx, type, object);
  // The key's event stream (GET /api/sandbox/events, `ledgerline listen`) carries every event fired, delivered or not, in the request's version.
  const event = eventIn(ctx.key.apiVersion, v1);
  await recordEvent(ctx.db, ctx.key.id, event);
  const webhooks = (await ctx.store.listAll(ctx.key.id, 'webhook', ctx.maxObjects)).map((r) => data<WebhookObject>(r)).filter((w) => w.active && w.events.includes(type));
  const deliveries: DeliveryObject[] = [];
  for (const webhook of webhooks.reverse()) {
    try {
      // Each webhook gets the event in its own version (Stripe's endpoint versions).
      deliveries.push(await enqueueDelivery(ctx, webhook, type, JSON.stringify(eventIn(versionOfWebhook(webhook), v1))));
    } catch (err) {
      if (err instanceof SandboxError && err.code === 'webhook_delivery_limit') break;
      throw err;
    }
  }
  return { event, deliveries };
}
