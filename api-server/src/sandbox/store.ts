import { sql, type Selectable } from 'kysely';
import type { Db, Migration } from '../db/database';
import { autoId, epochMs } from '../db/migrations';
import type { Schema } from '../db/schema';
import { createIdempotencyTable } from '../http/idempotency';

/** The sandbox's Idempotency-Key table (shape: http/idempotency/table.ts); keys are `<key id>:<header>`. */
export const SANDBOX_IDEMPOTENCY_TABLE = 'sandbox_idempotency_keys';
/** A key id is a SHA-256 in hex: the first this many characters of an idempotency row's key. */
const KEY_ID_LENGTH = 64;

export const sandboxMigrations: Migration[] = [
  {
    id: 'sandbox-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('sandbox_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(engine), (c) => c.notNull())
        .addColumn('expires_at', epochMs(engine), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandbox_keys_expires').on('sandbox_keys').column('expires_at').execute();
      await db.schema
        .createTable('sandbox_objects')
        .addColumn('seq', autoId(engine), (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(engine), (c) => c.notNull())
        .execute();
      // Seeded sample ids repeat across keys, so ids are unique per key only.
      await db.schema.createIndex('sandbox_objects_key_id').unique().on('sandbox_objects').columns(['key_id', 'kind', 'id']).execute();
      await db.schema.createIndex('sandbox_objects_list').on('sandbox_objects').columns(['key_id', 'kind', 'parent_id', 'seq']).execute();
      await db.schema
        .createTable('sandbox_idempotency')
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response_json', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(engine), (c) => c.notNull())
        .addPrimaryKeyConstraint('sandbox_idempotency_pk', ['key_id', 'idempotency_key'])
        .execute();
    },
  },
  {
    // The one Idempotency-Key mechanism (http/idempotency) claims a key under a lease before the
    // operation runs, so its table has checkout's shape. Answers already remembered carry over;
    // sandbox_idempotency is no longer read or written.
    id: 'sandbox-002',
    up: async (db, engine) => {
      await createIdempotencyTable(db, engine, SANDBOX_IDEMPOTENCY_TABLE);
      await sql`INSERT INTO sandbox_idempotency_keys (key, request_hash, status_code, response_json, created_at)
        SELECT key_id || ':' || idempotency_key, request_hash, status_code, response_json, created_at FROM sandbox_idempotency`.execute(db);
    },
  },
];

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

  async insertKey(row: SandboxKeyRow): Promise<void> {
    await this.db.insertInto('sandbox_keys').values(row).execute();
  }

  async getKey(id: string): Promise<SandboxKeyRow | undefined> {
    return this.db.selectFrom('sandbox_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Deletes expired keys with everything they created; returns how many keys went. */
  async sweep(nowMs: number): Promise<number> {
    const expired = this.db.selectFrom('sandbox_keys').select('id').where('expires_at', '<=', nowMs);
    await this.db.deleteFrom('sandbox_objects').where('key_id', 'in', expired).execute();
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

  /** Newest first, `limit + 1` rows at most so the caller can tell has_more; `beforeSeq` is the cursor. */
  async list(keyId: string, kind: string, opts: { parentId?: string; beforeSeq?: number; limit: number }): Promise<SandboxObjectRow[]> {
    let q = this.db.selectFrom('sandbox_objects').selectAll().where('key_id', '=', keyId).where('kind', '=', kind);
    if (opts.parentId !== undefined) q = q.where('parent_id', '=', opts.parentId);
    if (opts.beforeSeq !== undefined) q = q.where('seq', '<', opts.beforeSeq);
    return q.orderBy('seq', 'desc').limit(opts.limit + 1).execute();
  }
}
