import type { Migration } from '../db/database';

/**
 * Contact messages: the columns as the queries see them (db/schema.ts composes every
 * feature's), beside the migrations that make them; tests/api/db/tables.test.ts checks that
 * the two agree on both engines.
 */
export interface ContactTables {
  contact_messages: {
    id: string;
    name: string;
    email: string;
    company: string | null;
    phone: string | null;
    message: string;
    created_at: string;
  };
}

export const contactMigrations: Migration[] = [
  {
    id: 'contact-001',
    up: async (db) => {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('company', 'text')
        .addColumn('phone', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();
    },
  },
];
