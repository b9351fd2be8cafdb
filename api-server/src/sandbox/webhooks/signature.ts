import { createHmac } from 'node:crypto';
import { WEBHOOK_HEADERS } from '../../../../src/data/apiReference/events';

/**
 * The documented headers of one webhook POST (docs: Webhooks, "Verifying signatures"), signed for
 * `timestampS`: what the delivery worker sends at each attempt and what `ledgerline listen`
 * forwards, so a handler written from the docs accepts both. A module of its own so the CLI
 * signs without loading the sandbox.
 */
export function signedHeaders(eventType: string, secret: string, body: string, timestampS: number): Record<string, string> {
  const timestamp = String(timestampS);
  const signature = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return { 'Content-Type': 'application/json', [WEBHOOK_HEADERS.eventType]: eventType, [WEBHOOK_HEADERS.timestamp]: timestamp, [WEBHOOK_HEADERS.signature]: signature };
}
