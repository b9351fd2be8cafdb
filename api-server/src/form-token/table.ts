import type { Migration } from '../db/database';

/**
 * Secrets every instance shares (the form-token signing key): the columns as the queries see them (db/schema.ts composes every
 * feature's), beside the migrations that make them; tests/api/db/tables.test.ts checks that
 * the two agree on both engines.
 */
export interface FormTokenTables {
  server_secrets: {
    name: string;
    value: string;
  };
}

export const formTokenMigrations: readonly Migration[] = [
  {
    // Secrets every instance on the database must share, made once by whichever starts first.
    id: 'form-token-001',
    up: async (db) => {
      await db.schema
        .createTable('server_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
];
