import type { Selectable } from 'kysely';
import { rowLocks, type Db } from '../../db/database';
import type { Schema } from '../../db/schema';
import { iso } from '../keys';
import { SandboxStore } from '../store';
import { FAILED, PENDING, SUCCEEDED, type DeliveryAttempt, type DeliveryObject, type WebhookObject } from './deliveries';

export type QueueRow = Selectable<Schema['sandbox_webhook_queue']>;

/**
 * Claims due deliveries for `worker`, oldest due first (index next_attempt_at, id). A claimed
 * row is not due for any other worker, on any instance, until its lease ends; on PostgreSQL
 * rows another transaction is claiming are skipped (FOR UPDATE SKIP LOCKED), so two workers
 * never take the same attempt.
 */
export async function claimDue(tx: Db, opts: { limit: number; worker: string; leaseMs: number; now: number; skip: readonly string[] }): Promise<QueueRow[]> {
  const { limit, worker, leaseMs, now, skip } = opts;
  if (limit <= 0) return [];
  return tx
    .updateTable('sandbox_webhook_queue')
    .set({ claimed_by: worker, lease_until: now + leaseMs })
    .where('id', 'in', (eb) =>
      rowLocks(
        eb
          .selectFrom('sandbox_webhook_queue')
          .select('id')
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
          .$if(skip.length > 0, (q) => q.where('id', 'not in', skip))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit),
        tx,
      ),
    )
    .returningAll()
    .execute();
}

/** Gives a claim back without an attempt, due again at `dueAt` (a host already busy). */
export async function postpone(tx: Db, id: string, worker: string, dueAt: number): Promise<void> {
  await tx.updateTable('sandbox_webhook_queue').set({ claimed_by: null, lease_until: null, next_attempt_at: dueAt }).where('id', '=', id).where('claimed_by', '=', worker).execute();
}

export interface Outcome {
  attempt: DeliveryAttempt;
  /** The headers the attempt was sent with (its own timestamp and signature). */
  headers: Record<string, string>;
  ok: boolean;
  /** When the next attempt is due; null: no more attempts (succeeded, or the last one failed). */
  nextAt: number | null;
}

/**
 * Records one attempt: the delivery object (attempts, status), the webhook's last_delivery and
 * the queue row (rescheduled, or gone once the delivery is final), all in `tx`. Only while the
 * claim is still this worker's: a worker whose lease ran out (and whose row another took) records
 * nothing, so no attempt is counted twice. Returns the delivery's status, or null when not recorded.
 */
export async function recordOutcome(tx: Db, row: QueueRow, worker: string, outcome: Outcome): Promise<DeliveryObject['status'] | null> {
  const status = outcome.ok ? SUCCEEDED : outcome.nextAt === null ? FAILED : PENDING;
  const queue = outcome.nextAt === null
    ? await tx.deleteFrom('sandbox_webhook_queue').where('id', '=', row.id).where('claimed_by', '=', worker).executeTakeFirst()
    : await tx
        .updateTable('sandbox_webhook_queue')
        .set({ attempts: row.attempts + 1, next_attempt_at: outcome.nextAt, claimed_by: null, lease_until: null })
        .where('id', '=', row.id)
        .where('claimed_by', '=', worker)
        .executeTakeFirst();
  const changed = 'numDeletedRows' in queue ? queue.numDeletedRows : queue.numUpdatedRows;
  if (Number(changed) === 0) return null;
  const store = new SandboxStore(tx);
  const deliveryRow = await store.getObject(row.key_id, 'delivery', row.id);
  // The key expired and was swept meanwhile: nothing left to record.
  if (!deliveryRow) return status;
  const delivery = JSON.parse(deliveryRow.data) as DeliveryObject;
  await store.updateObject(row.key_id, 'delivery', row.id, {
    ...delivery,
    status,
    headers: outcome.headers,
    attempts: [...delivery.attempts, outcome.attempt],
    next_attempt_at: outcome.nextAt === null ? null : iso(outcome.nextAt),
  } satisfies DeliveryObject);
  const webhookRow = await store.getObject(row.key_id, 'webhook', row.webhook_id);
  if (webhookRow) {
    const webhook = JSON.parse(webhookRow.data) as WebhookObject;
    await store.updateObject(row.key_id, 'webhook', row.webhook_id, {
      ...webhook,
      last_delivery: { timestamp: outcome.attempt.attempted_at, status, response_time_ms: outcome.attempt.response_time_ms },
    });
  }
  return status;
}
