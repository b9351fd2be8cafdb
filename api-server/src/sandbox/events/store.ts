import { SANDBOX_EVENT_LOG_SIZE } from '../../../../src/data/sandbox';
import { lockKey, type Db } from '../../db/database';

/** An event as fired: the body a registered endpoint receives (id `evt_…`, type, created, data, api_version). */
export interface SandboxEvent {
  id: string;
  type: string;
  created: number;
}

export interface StoredEvent {
  seq: number;
  id: string;
  type: string;
  /** JSON text of the event, sent as the stream's `data:` unchanged. */
  payload: string;
}

/**
 * Records `event` for the key, in the transaction of the operation that fires it, so the event
 * exists exactly when the operation's effects do. The key's lock (the one runOperation takes for
 * every POST; re-entrant) makes a key's sequence numbers commit in order on PostgreSQL, so a
 * stream reading "after seq N" never passes over an event still being committed.
 */
export async function recordEvent(tx: Db, keyId: string, event: SandboxEvent): Promise<void> {
  await lockKey(tx, `sandbox-key:${keyId}`);
  await tx
    .insertInto('sandbox_events')
    .values({ key_id: keyId, id: event.id, type: event.type, payload: JSON.stringify(event), created_at: event.created * 1000 })
    .execute();
  // Kept for resuming only: a key holds the newest SANDBOX_EVENT_LOG_SIZE.
  const cutoff = await tx.selectFrom('sandbox_events').select('seq').where('key_id', '=', keyId).orderBy('seq', 'desc').limit(1).offset(SANDBOX_EVENT_LOG_SIZE).executeTakeFirst();
  if (cutoff) await tx.deleteFrom('sandbox_events').where('key_id', '=', keyId).where('seq', '<=', cutoff.seq).execute();
}

/** The key's events after `afterSeq`, oldest first. */
export async function eventsAfter(db: Db, keyId: string, afterSeq: number, limit = SANDBOX_EVENT_LOG_SIZE): Promise<StoredEvent[]> {
  const rows = await db.selectFrom('sandbox_events').select(['seq', 'id', 'type', 'payload']).where('key_id', '=', keyId).where('seq', '>', afterSeq).orderBy('seq', 'asc').limit(limit).execute();
  return rows.map((r) => ({ seq: Number(r.seq), id: r.id, type: r.type, payload: r.payload }));
}

/** The newest sequence number of the key (0 when it has none): where a stream opened without Last-Event-ID starts. */
export async function latestSeq(db: Db, keyId: string): Promise<number> {
  const row = await db.selectFrom('sandbox_events').select('seq').where('key_id', '=', keyId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.seq) : 0;
}
