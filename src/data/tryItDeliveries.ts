/**
 * Texts and timings of the Try it panel's webhook deliveries view (Deliveries.tsx, issue 27).
 * Apart from ./tryIt.ts because that module ships in every reference page's start-up code, and
 * this one only with the panel's chunks.
 */
import { STATUSES } from './apiReference/common';

/** Try it panels that list the webhook's deliveries under the answer (Deliveries.tsx). */
export const DELIVERIES_OPERATIONS: readonly string[] = ['testWebhook', 'listWebhookDeliveries'];
/** The list is read again this often while a delivery may still change. */
export const DELIVERIES_REFRESH_MS = 2_000;
/** Delivery statuses that may still change (a delivery being attempted): the list refreshes while one is shown. */
export const DELIVERY_UNSETTLED: readonly string[] = (STATUSES.webhookDelivery as readonly string[]).filter((s) => s === 'pending');
/** Delivery statuses that mean the endpoint never accepted it. */
export const DELIVERY_FAILED: readonly string[] = (STATUSES.webhookDelivery as readonly string[]).filter((s) => s === 'failed');

export const DELIVERIES_COPY = {
  title: (webhookId: string) => `Deliveries of ${webhookId}`,
  // Event and status first: on a phone they are what shows before the table scrolls.
  columns: { event: 'Event', status: 'Status', created: 'Time', id: 'Delivery' },
  empty: 'No deliveries yet. Send a test event to see one here.',
  refreshing: 'A delivery is pending: this list refreshes until it settles.',
  refresh: 'Refresh',
  error: (message: string) => `The deliveries could not be read: ${message}`,
} as const;
