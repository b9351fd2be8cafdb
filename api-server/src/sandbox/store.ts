import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Schema } from '../db/schema';
import { SANDBOX_IDEMPOTENCY_TABLE } from './table';

/** A key id is a SHA-256 in hex: the first this many characters of an idempotency row's key. */
const KEY_ID_LENGTH = 64;

export type SandboxKeyRow = Selectable<Schema['sandbox_keys']>;
export type SandboxObjectRow = Selectable<Schema['sandbox_objects']>;

export interface NewObject {
  kind: string;
  id: string;
  parentId: string | null;
  data: unknown;
  createdAt: number;
}

export class SandboxStore {
  constructor(private readonly db: Db) {}

  async setPin(id: string, pin: Pick<SandboxKeyRow, 'api_version' | 'pinned_at' | 'previous_version'>): Promise<void> {
    await this.db.updateTable('sandbox_keys').set(pin).where('id', '=', id).execute();
  }

  async insertKey(row: Insertable<Schema['sandbox_keys']>): Promise<void> {
    await this.db.insertInto('sandbox_keys').values(row).execute();
  }

  async getKey(id: string): Promise<SandboxKeyRow | undefined> {
    return this.db.selectFrom('sandbox_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Deletes expired keys with everything they created; returns how many keys went. */
  async sweep(nowMs: number): Promise<number> {
    const expired = this.db.selectFrom('sandbox_keys').select('id').where('expires_at', '<=', nowMs);
    await this.db.deleteFrom('sandbox_objects').where('key_id', 'in', expired).execute();
    await this.db.deleteFrom('sandbox_requests').where('key_id', 'in', expired).execute();
    await this.db.deleteFrom('sandbox_webhook_queue').where('key_id', 'in', expired).execute();
    await this.db.deleteFrom('sandbox_events').where('key_id', 'in', expired).execute();
    await this.db.deleteFrom('sandbox_clocks').where('key_id', 'in', expired).execute();
    await this.db.deleteFrom('sandbox_usage').where('key_id', 'in', expired).execute();
    await this.db.deleteFrom(SANDBOX_IDEMPOTENCY_TABLE).where(sql<string>`substr(key, 1, ${sql.lit(KEY_ID_LENGTH)})`, 'in', expired).execute();
    const gone = await this.db.deleteFrom('sandbox_keys').where('expires_at', '<=', nowMs).executeTakeFirst();
    return Number(gone.numDeletedRows);
  }

  async insertObjects(keyId: string, objects: readonly NewObject[]): Promise<void> {
    if (!objects.length) return;
    await this.db
      .insertInto('sandbox_objects')
      .values(objects.map((o) => ({ key_id: keyId, kind: o.kind, id: o.id, parent_id: o.parentId, data: JSON.stringify(o.data), created_at: o.createdAt })))
      .execute();
  }

  async getObject(keyId: string, kind: string, id: string): Promise<SandboxObjectRow | undefined> {
    return this.db.selectFrom('sandbox_objects').selectAll().where('key_id', '=', keyId).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
  }

  async updateObject(keyId: string, kind: string, id: string, data: unknown): Promise<void> {
    await this.db.updateTable('sandbox_objects').set({ data: JSON.stringify(data) }).where('key_id', '=', keyId).where('kind', '=', kind).where('id', '=', id).execute();
  }

  async countObjects(keyId: string, kind?: string): Promise<number> {
    let q = this.db.selectFrom('sandbox_objects').select((eb) => eb.fn.countAll<number>().as('n')).where('key_id', '=', keyId);
    if (kind) q = q.where('kind', '=', kind);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Objects of one kind created at or after `sinceMs`, but `exceptId` (a key holds a bounded number). */
  async countObjectsSince(keyId: string, kind: string, sinceMs: number, exceptId: string): Promise<number> {
    const row = await this.db
      .selectFrom('sandbox_objects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key_id', '=', keyId)
      .where('kind', '=', kind)
      .where('created_at', '>=', sinceMs)
      .where('id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every object of one kind, newest first, at most `max` (a key's bound). */
  async listAll(keyId: string, kind: string, max: number): Promise<SandboxObjectRow[]> {
    return this.db.selectFrom('sandbox_objects').selectAll().where('key_id', '=', keyId).where('kind', '=', kind).orderBy('seq', 'desc').limit(max).execute();
  }

  /** Newest first, `limit + 1` rows at most so the caller can tell has_more; `beforeSeq` is the cursor. */
  async list(keyId: string, kind: string, opts: { parentId?: string; beforeSeq?: number; limit: number }): Promise<SandboxObjectRow[]> {
    let q = this.db.selectFrom('sandbox_objects').selectAll().where('key_id', '=', keyId).where('kind', '=', kind);
    if (opts.parentId !== undefined) q = q.where('parent_id', '=', opts.parentId);
    if (opts.beforeSeq !== undefined) q = q.where('seq', '<', opts.beforeSeq);
    return q.orderBy('seq', 'desc').limit(opts.limit + 1).execute();
  }
}
