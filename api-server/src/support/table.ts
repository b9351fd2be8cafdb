import { sql, type Generated } from 'kysely';
import type { Migration } from '../db/database';
import { autoId } from '../db/migrations';

// Enum values are not CHECK-constrained on purpose: the shared zod schema validates them, and a
// shipped migration cannot follow a new priority or category added to src/data/support.ts.

/**
 * Support tickets: the columns as the queries see them (db/schema.ts composes every
 * feature's), beside the migrations that make them; tests/api/db/tables.test.ts checks that
 * the two agree on both engines.
 */
export interface SupportTables {
  support_tickets: {
    id: Generated<number>;
    ticket_id: string;
    name: string;
    email: string;
    subject: string;
    message: string;
    priority: string;
    category: string;
    account_id: string | null;
    status: Generated<string>;
    created_at: string;
    respond_by: string;
  };
}

export const supportMigrations: Migration[] = [
  {
    id: 'support-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('support_tickets')
        .addColumn('id', autoId(engine), (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('ticket_id', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('respond_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_tickets_created').on('support_tickets').column('created_at').execute();
    },
  },
  {
    // The daily receipt limit counts an address's recent tickets.
    id: 'support-002',
    up: async (db) => {
      await db.schema.createIndex('support_tickets_email').on('support_tickets').expression(sql`lower(email), created_at`).execute();
    },
  },
  {
    // No query reads tickets by creation time alone (the receipt limit uses support_tickets_email,
    // lists go by id), and each ticket paid for this index's upkeep (issue 28).
    id: 'support-003',
    up: async (db) => {
      await db.schema.dropIndex('support_tickets_created').ifExists().execute();
    },
  },
];
