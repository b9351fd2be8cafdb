import { sql, type Generated } from 'kysely';
import type { Migration } from '../db/database';
import { autoId, epochMs } from '../db/migrations';
import { createIdempotencyTable, type IdempotencyTable } from '../idempotency/table';

/** The sandbox's Idempotency-Key table (shape: idempotency/table.ts); keys are `<key id>:<header>`. */
export const SANDBOX_IDEMPOTENCY_TABLE = 'sandbox_idempotency_keys';

/**
 * Sandbox keys, what they created, and their Idempotency-Keys: the columns as the queries see them (db/schema.ts composes every
 * feature's), beside the migrations that make them; tests/api/db/tables.test.ts checks that
 * the two agree on both engines.
 */
export interface SandboxTables {
  /** v1 sandbox test keys, by the SHA-256 of the key (the key itself is shown once, never stored). */
  sandbox_keys: {
    id: string;
    plan: string;
    created_at: number;
    expires_at: number;
    /** The API version the key is pinned to (src/data/apiVersioning.ts): answers follow it when a request names none. */
    api_version: Generated<string>;
    /** When the pin last moved (an upgrade or a rollback); null while it is the version the key was made with. */
    pinned_at: number | null;
    /** The version before the last upgrade, which a rollback may return to within the window; null otherwise. */
    previous_version: string | null;
  };
  /** What sandbox keys created: documented entities as JSON, by kind, paged by seq. */
  sandbox_objects: {
    seq: Generated<number>;
    key_id: string;
    kind: string;
    id: string;
    /** The account of a transaction, the webhook of a delivery: what a list is filtered by. */
    parent_id: string | null;
    data: string;
    created_at: number;
  };
  sandbox_idempotency_keys: IdempotencyTable;
  /** Each key's last requests (sandbox/requestLog.ts): JSON texts with the key redacted, bodies capped. */
  sandbox_requests: {
    seq: Generated<number>;
    key_id: string;
    /** The answer's Request-Id. */
    id: string;
    created_at: number;
    method: string;
    path: string;
    query: string;
    status: number;
    duration_ms: number;
    request_headers: string;
    request_body: string;
    response_body: string;
    /** The API version that answered (the header's, else the key's pin); null when refused before it was known. */
    api_version: string | null;
    /** The key's test clock when it was answered (sandbox/clock, migration sandbox-clock-001); null before. */
    clock_time: number | null;
  };
}

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
    // The one Idempotency-Key mechanism (idempotency) claims a key under a lease before the
    // operation runs, so its table has checkout's shape. Answers already remembered carry over;
    // sandbox_idempotency is no longer read or written.
    id: 'sandbox-002',
    up: async (db, engine) => {
      await createIdempotencyTable(db, engine, SANDBOX_IDEMPOTENCY_TABLE);
      await sql`INSERT INTO sandbox_idempotency_keys (key, request_hash, status_code, response_json, created_at)
        SELECT key_id || ':' || idempotency_key, request_hash, status_code, response_json, created_at FROM sandbox_idempotency`.execute(db);
    },
  },
  {
    // The request log: read newest first per key, trimmed per key on insert, swept with the key.
    id: 'sandbox-003',
    up: async (db, engine) => {
      await db.schema
        .createTable('sandbox_requests')
        .addColumn('seq', autoId(engine), (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('created_at', epochMs(engine), (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('request_headers', 'text', (c) => c.notNull())
        .addColumn('request_body', 'text', (c) => c.notNull())
        .addColumn('response_body', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sandbox_requests_key_seq').on('sandbox_requests').columns(['key_id', 'seq']).execute();
    },
  },
  {
    // API versions: each key is pinned to one. Keys made before it are v1's, the only version then.
    id: 'sandbox-004',
    up: async (db, engine) => {
      await db.schema.alterTable('sandbox_keys').addColumn('api_version', 'text', (c) => c.notNull().defaultTo('v1')).execute();
      await db.schema.alterTable('sandbox_keys').addColumn('pinned_at', epochMs(engine)).execute();
      await db.schema.alterTable('sandbox_keys').addColumn('previous_version', 'text').execute();
    },
  },
  {
    // The request log names the version that answered: a request without X-API-Version got the key's pin.
    id: 'sandbox-005',
    up: async (db) => {
      await db.schema.alterTable('sandbox_requests').addColumn('api_version', 'text').execute();
    },
  },
];
