import type { Generated } from 'kysely';
import type { Migration } from '../db/database';

/**
 * Every save is a new immutable version row, so the history is kept and a deployment always
 * names exactly what went live. The organization's current configuration is its highest version.
 */
/**
 * White-label configuration versions and deployments: the columns as the queries see them (db/schema.ts composes every
 * feature's), beside the migrations that make them; tests/api/db/tables.test.ts checks that
 * the two agree on both engines.
 */
export interface WhiteLabelTables {
  white_label_configs: {
    id: string;
    organization_id: string;
    version: number;
    data: string;
    is_active: Generated<number>;
    created_at: string;
    created_by: string;
  };
  white_label_deployments: {
    id: string;
    organization_id: string;
    config_id: string;
    domain: string;
    created_at: string;
    created_by: string;
  };
}

export const whiteLabelMigrations: readonly Migration[] = [
  {
    id: 'white-label-001',
    up: async (db) => {
      await db.schema
        .createTable('white_label_configs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        // Two saves racing for the same next version: one is refused, never a duplicate.
        .addUniqueConstraint('white_label_configs_org_version', ['organization_id', 'version'])
        .execute();
      await db.schema
        .createTable('white_label_deployments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('config_id', 'text', (c) => c.notNull().references('white_label_configs.id'))
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('white_label_deployments_org').on('white_label_deployments').columns(['organization_id', 'created_at']).execute();
    },
  },
];
