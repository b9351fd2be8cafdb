/** Webhooks: endpoints for events and their deliveries. Entries in reference order (see ../endpoints.ts). */
import { API_VERSION_NAMES } from '../../apiVersioning';
import { PLAN_LIMITS } from '../../limits';
import { SAMPLE_IDS } from '../common';
import { EXAMPLES, listOf } from '../entities';
import { WEBHOOK_EVENTS } from '../events';
import { eventNotInPlan, MISSING, notFound, OBJECT_LIMIT, planCap } from './errors';
import { DELIVERY_EVENT, WEBHOOK_DELIVERY_EXAMPLE, WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE } from './examples';
import { ALL, b, cursor, defineEndpoints, list, p, S } from './params';

export const WEBHOOKS_ENDPOINTS = defineEndpoints([
  {
    id: 'createWebhook', method: 'POST', path: '/webhooks', section: 'webhooks', plans: ALL,
    summary: 'Create a webhook',
    description: 'Registers an HTTPS endpoint for events. Your plan caps the number of webhooks and the events you may subscribe to. The url must be https on port 443 and must not name or resolve to a loopback, private, link-local or cloud metadata address.',
    params: [
      b('url', true, 'HTTPS URL receiving POST requests.', { type: 'string', format: 'uri' }),
      b('events', true, 'Event types to deliver.', { type: 'array', items: S() }),
      b('description', false, 'Note for your team.', S()),
      b('active', false, 'Deliver events now (default true).', { type: 'boolean' }),
      b('api_version', false, `API version of the events delivered to it (their data.object has that version's shapes); by default the version of this request. One of ${API_VERSION_NAMES.join(', ')}.`, { type: 'string', enum: API_VERSION_NAMES }),
    ],
    example: { url: EXAMPLES.Webhook.url, events: EXAMPLES.Webhook.events, description: 'Production listener', active: true },
    errors: [
      { status: 400, code: 'parameter_invalid_format', message: 'Invalid url: webhooks are delivered over HTTPS only.', param: 'url' },
      { status: 400, code: 'url_not_allowed', message: "Invalid url: webhooks can't be delivered to private addresses.", param: 'url' },
      eventNotInPlan('events[0]'),
      planCap('webhooks', 'starter', PLAN_LIMITS.starter.webhooks!),
      OBJECT_LIMIT,
    ],
    response: { status: 201, description: 'The webhook, with its signing secret.', schema: 'Webhook', example: { ...EXAMPLES.Webhook, last_delivery: null } },
    limits: ['webhooks'],
  },
  {
    id: 'listWebhooks', method: 'GET', path: '/webhooks', section: 'webhooks', plans: ALL,
    summary: 'List webhooks',
    description: 'Lists your webhooks with their last delivery, newest first.',
    params: [cursor('webhook', SAMPLE_IDS.webhook)], example: {},
    response: { status: 200, description: 'The webhooks.', schema: list('#/components/schemas/Webhook'), example: listOf([EXAMPLES.Webhook]) },
  },
  {
    id: 'testWebhook', method: 'POST', path: '/webhooks/{id}/test', section: 'webhooks', plans: ALL,
    summary: 'Send a test event',
    description: 'Signs a sample event of the given type with the webhook\'s secret and delivers it to the webhook. The event must be one your plan may receive. The sandbox sends it for real: the answer is the queued delivery (pending); list the deliveries to see each attempt, with your endpoint\'s status and answer.',
    params: [
      p('id', 'Webhook id.'),
      b('event', true, 'Event type to send.', { type: 'string', enum: WEBHOOK_EVENTS.map((e) => e.type) }),
    ],
    example: { id: SAMPLE_IDS.webhook, event: DELIVERY_EVENT.type },
    errors: [notFound('webhook', MISSING.webhook, 'id'), eventNotInPlan('event'), OBJECT_LIMIT],
    response: { status: 201, description: 'The delivery.', schema: 'WebhookDelivery', example: WEBHOOK_DELIVERY_EXAMPLE },
  },
  {
    id: 'listWebhookDeliveries', method: 'GET', path: '/webhooks/{id}/deliveries', section: 'webhooks', plans: ALL,
    summary: 'List deliveries of a webhook',
    description: 'Lists the deliveries of a webhook, newest first, each with the headers and raw body your endpoint receives: run the signature verification samples against them.',
    params: [p('id', 'Webhook id.'), cursor('delivery', SAMPLE_IDS.delivery)],
    example: { id: SAMPLE_IDS.webhook },
    errors: [notFound('webhook', MISSING.webhook, 'id')],
    response: { status: 200, description: 'The deliveries.', schema: list('#/components/schemas/WebhookDelivery'), example: listOf([WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE]) },
  },
  {
    id: 'resendWebhookDelivery', method: 'POST', path: '/webhooks/{id}/deliveries/{delivery_id}/resend', section: 'webhooks', plans: ALL,
    summary: 'Resend a delivery',
    description: 'Sends the event of one delivery again, as a new delivery with the same event id and body, signed afresh and retried like any other. Your handler can tell it is the same event by its id.',
    params: [p('id', 'Webhook id.'), p('delivery_id', 'Delivery id.')],
    example: { id: SAMPLE_IDS.webhook, delivery_id: SAMPLE_IDS.delivery },
    errors: [notFound('webhook', MISSING.webhook, 'id'), OBJECT_LIMIT],
    response: { status: 201, description: 'The new delivery.', schema: 'WebhookDelivery', example: WEBHOOK_DELIVERY_EXAMPLE },
  },
]);
