/**
 * The headers and the replay window of a webhook delivery. Apart from ./events.ts (the events
 * with their examples) so that pages naming them do not load the events.
 */

/** Header names of a webhook delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Ledgerline-Signature',
  timestamp: 'X-Ledgerline-Timestamp',
  eventType: 'X-Ledgerline-Event',
} as const;

/** Deliveries older than this are rejected by the verification samples (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
