import { sql, type ColumnType, type Generated } from 'kysely';
import type { Db, Engine, Migration } from '../db/database';
import { autoId, epochMs } from '../db/migrations';

/**
 * The mail outbox: the columns as the queries see them (db/schema.ts composes every
 * feature's), beside the migrations that make them; tests/api/db/tables.test.ts checks that
 * the two agree on both engines.
 */
export interface OutboxTables {
  outbox: {
    id: Generated<number>;
    ref: string;
    /** Retired by outbox-005: written only by versions before it (kept so they can still run). */
    message_id: string | null;
    to_addr: string;
    from_addr: string;
    reply_to: string | null;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: ColumnType<'pending' | 'sent' | 'dead', 'pending' | 'sent' | 'dead' | undefined>;
    attempts: Generated<number>;
    next_attempt_at: number;
    last_error: string | null;
    created_at: string;
    sent_at: string | null;
    queued_at: number | null;
    /** The worker delivering it now, until lease_until (epoch ms); then any worker may claim it again. */
    claimed_by: string | null;
    lease_until: number | null;
  };
}

export const outboxMigrations: Migration[] = [
  {
    id: 'outbox-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('outbox')
        .addColumn('id', autoId(engine), (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('to_addr', 'text', (c) => c.notNull())
        .addColumn('from_addr', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'sent', 'dead')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', epochMs(engine), (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_ref').on('outbox').column('ref').execute();
    },
  },
  {
    // The give-up age counts from here; a re-queue restarts it, while created_at (the mail's
    // Date header) stays.
    id: 'outbox-002',
    up: async (db, engine) => {
      await db.schema.alterTable('outbox').addColumn('queued_at', epochMs(engine)).execute();
      const createdMs =
        engine === 'sqlite'
          ? sql<number>`CAST(ROUND((julianday(created_at) - 2440587.5) * 86400000) AS INTEGER)`
          : sql<number>`CAST(EXTRACT(EPOCH FROM CAST(created_at AS timestamptz)) * 1000 AS bigint)`;
      await db.updateTable('outbox').set({ queued_at: createdMs }).execute();
    },
  },
  {
    // Several workers (instances) on one database: each due row is claimed by one of them for a
    // lease; a worker that dies mid-delivery gives the row back when the lease runs out.
    id: 'outbox-003',
    up: async (db, engine) => {
      await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('lease_until', epochMs(engine)).execute();
    },
  },
  {
    // Issue 28: the claim reads due rows in this index's order and stops after its batch, where
    // ORDER BY id over (status, next_attempt_at) sorted the whole due backlog on each claim
    // (16 ms of blocked event loop at 20,000 pending). It covers outbox_due's queries too.
    id: 'outbox-004',
    up: async (db) => {
      await db.schema.createIndex('outbox_claim').on('outbox').columns(['status', 'next_attempt_at', 'id']).execute();
      await db.schema.dropIndex('outbox_due').execute();
    },
  },
  {
    // Issue 28: the random unique message_id and its index cost a support post 11%; the
    // Message-ID is derived from the row id instead (OutboxStore), unique as the id is. The
    // column stays, nullable and without its index, so an older version can still run; SQLite
    // cannot relax a column, so the table is rebuilt, ids and their sequence kept.
    id: 'outbox-005',
    up: async (db, engine) => {
      if (engine === 'postgres') {
        await sql`ALTER TABLE outbox DROP CONSTRAINT IF EXISTS outbox_message_id_key`.execute(db);
        await db.schema.alterTable('outbox').alterColumn('message_id', (c) => c.dropNotNull()).execute();
        return;
      }
      const columns = sql.raw(COLUMNS.join(', '));
      const seq = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence WHERE name = 'outbox'`.execute(db);
      await createOutbox(db, engine, 'outbox_rebuilt');
      await sql`INSERT INTO outbox_rebuilt (${columns}) SELECT ${columns} FROM outbox`.execute(db);
      await db.schema.dropTable('outbox').execute();
      await sql`ALTER TABLE outbox_rebuilt RENAME TO outbox`.execute(db);
      // Ids are never reused, also those of rows deleted before the rebuild.
      const last = seq.rows[0]?.seq;
      if (last !== undefined) {
        await sql`UPDATE sqlite_sequence SET seq = MAX(seq, ${last}) WHERE name = 'outbox'`.execute(db);
        await sql`INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox', ${last} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'outbox')`.execute(db);
      }
      await db.schema.createIndex('outbox_ref').on('outbox').column('ref').execute();
      await db.schema.createIndex('outbox_claim').on('outbox').columns(['status', 'next_attempt_at', 'id']).execute();
    },
  },
  {
    // Issue 28: refs are random (a ticket id, a message id), so each mail queued wrote a page of
    // outbox_ref of its own to the log at commit: a third of a support post's SQLite time (8 µs
    // of 31, measured on 60,000 rows) and 8% of its throughput under load. The tickets command,
    // its only reader, finds a ticket's mails by the ticket's creation time instead, which they
    // carry (OutgoingMail.createdAt): the index on created_at grows at its end only.
    id: 'outbox-006',
    up: async (db) => {
      await db.schema.dropIndex('outbox_ref').ifExists().execute();
      await db.schema.createIndex('outbox_created').on('outbox').column('created_at').execute();
    },
  },
];

/** Every column of the outbox, as outbox-001 to 003 made them. */
const COLUMNS = [
  'id', 'ref', 'message_id', 'to_addr', 'from_addr', 'reply_to', 'subject', 'text_body', 'html_body', 'status', 'attempts',
  'next_attempt_at', 'last_error', 'created_at', 'sent_at', 'queued_at', 'claimed_by', 'lease_until',
] as const satisfies readonly (keyof OutboxTables['outbox'])[];

async function createOutbox(db: Db, engine: Engine, name: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', autoId(engine), (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('to_addr', 'text', (c) => c.notNull())
    .addColumn('from_addr', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'sent', 'dead')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', epochMs(engine), (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('queued_at', epochMs(engine))
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', epochMs(engine))
    .execute();
}
