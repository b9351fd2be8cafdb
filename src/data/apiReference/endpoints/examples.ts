/** Examples of the endpoint entries that are more than one entity of ./entities. */
import { SAMPLE_IDS, SAMPLE_TIMES, STATUSES } from '../common';
import { EXAMPLES } from '../entities';
import { EXAMPLE_SIGNATURES, WEBHOOK_EVENTS, WEBHOOK_HEADERS } from '../events';

/**
 * A delivery as POST /webhooks/{id}/test answers it (queued, not yet attempted): the exact
 * headers and raw body your endpoint receives.
 */
export const DELIVERY_EVENT = WEBHOOK_EVENTS.find((e) => e.type === 'payment.succeeded')!;
const DELIVERY_TIMESTAMP = String(DELIVERY_EVENT.example.created);
const DELIVERY_BODY = JSON.stringify(DELIVERY_EVENT.example);
export const WEBHOOK_DELIVERY_EXAMPLE = {
  id: SAMPLE_IDS.delivery,
  webhook_id: SAMPLE_IDS.webhook,
  event_type: DELIVERY_EVENT.type,
  url: EXAMPLES.Webhook.url,
  status: STATUSES.webhookDelivery[1],
  headers: {
    'Content-Type': 'application/json',
    [WEBHOOK_HEADERS.eventType]: DELIVERY_EVENT.type,
    [WEBHOOK_HEADERS.timestamp]: DELIVERY_TIMESTAMP,
    // HMAC-SHA256 of `${timestamp}.${body}` with EXAMPLES.Webhook.secret; tests/unit/docs checks it with the verification sample.
    [WEBHOOK_HEADERS.signature]: `sha256=${EXAMPLE_SIGNATURES[DELIVERY_EVENT.type]}`,
  },
  body: DELIVERY_BODY,
  created_at: SAMPLE_TIMES.created,
  attempts: [] as { attempted_at: string; http_status: number | null; error: string | null; response_time_ms: number; response_body: string }[],
  next_attempt_at: SAMPLE_TIMES.created as string | null,
};
/** The same delivery once your endpoint answered the first attempt with 200. */
export const WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE = {
  ...WEBHOOK_DELIVERY_EXAMPLE,
  status: STATUSES.webhookDelivery[0],
  attempts: [{ attempted_at: SAMPLE_TIMES.created, http_status: 200, error: null, response_time_ms: 142, response_body: '{"received":true}' }],
  next_attempt_at: null,
};

/** The profit and loss example: the report a new sandbox key gets for the example's dates (its two sample transactions). */
export const PROFIT_LOSS_EXAMPLE = { tenant_id: SAMPLE_IDS.tenant, from_date: '2024-10-01', to_date: '2024-10-31', periods: 3 };
