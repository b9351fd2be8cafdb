import { randomUUID } from 'node:crypto';
import { prepared, type Db, type Migration } from '../db/database';
import type { WhiteLabelConfig, WhiteLabelDeployment } from '../../../src/schemas/whiteLabel';

/**
 * Every save is a new immutable version row, so the history is kept and a deployment always
 * names exactly what went live. The organization's current configuration is its highest version.
 */
export const whiteLabelMigrations: readonly Migration[] = [
  {
    id: 'white-label-001',
    sql: `
      CREATE TABLE white_label_configs (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        data TEXT NOT NULL,
        is_active INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        UNIQUE (organization_id, version)
      );
      CREATE TABLE white_label_deployments (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL,
        config_id TEXT NOT NULL REFERENCES white_label_configs (id),
        domain TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL
      );
      CREATE INDEX white_label_deployments_org ON white_label_deployments (organization_id, created_at);
    `,
  },
];

/** The configuration fields stored as JSON: everything but the server-owned id and isActive. */
export type StoredFields = Omit<WhiteLabelConfig, 'id' | 'isActive'>;

export interface VersionRow {
  id: string;
  organizationId: string;
  version: number;
  fields: StoredFields;
  isActive: boolean;
  createdAt: string;
  createdBy: string;
}

interface RawVersion {
  id: string;
  organization_id: string;
  version: number;
  data: string;
  is_active: number;
  created_at: string;
  created_by: string;
}

interface RawDeployment {
  id: string;
  config_id: string;
  version: number;
  domain: string;
  created_at: string;
  created_by: string;
}

const toVersion = (r: RawVersion): VersionRow => ({
  id: r.id,
  organizationId: r.organization_id,
  version: r.version,
  fields: JSON.parse(r.data) as StoredFields,
  isActive: r.is_active === 1,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

const toDeployment = (r: RawDeployment): WhiteLabelDeployment => ({
  id: r.id,
  configId: r.config_id,
  version: r.version,
  domain: r.domain,
  deployedAt: r.created_at,
  deployedBy: r.created_by,
});

export class WhiteLabelStore {
  constructor(private readonly db: Db) {}

  current(organizationId: string): VersionRow | undefined {
    const row = prepared(this.db, 'SELECT * FROM white_label_configs WHERE organization_id = ? ORDER BY version DESC LIMIT 1')
      .get(organizationId) as RawVersion | undefined;
    return row && toVersion(row);
  }

  byId(organizationId: string, id: string): VersionRow | undefined {
    const row = prepared(this.db, 'SELECT * FROM white_label_configs WHERE organization_id = ? AND id = ?').get(organizationId, id) as RawVersion | undefined;
    return row && toVersion(row);
  }

  history(organizationId: string, limit = 20): VersionRow[] {
    const rows = prepared(this.db, 'SELECT * FROM white_label_configs WHERE organization_id = ? ORDER BY version DESC LIMIT ?')
      .all(organizationId, limit) as RawVersion[];
    return rows.map(toVersion);
  }

  lastDeployment(organizationId: string): WhiteLabelDeployment | null {
    const row = prepared(
      this.db,
      `SELECT d.id, d.config_id, c.version, d.domain, d.created_at, d.created_by
         FROM white_label_deployments d JOIN white_label_configs c ON c.id = d.config_id
         WHERE d.organization_id = ? ORDER BY d.created_at DESC, d.rowid DESC LIMIT 1`,
    ).get(organizationId) as RawDeployment | undefined;
    return row ? toDeployment(row) : null;
  }

  /** Appends the next version atomically (better-sqlite3 transactions are synchronous). */
  addVersion(organizationId: string, fields: StoredFields, at: string, by: string): VersionRow {
    return this.db.transaction((): VersionRow => {
      const { next } = prepared(this.db, 'SELECT COALESCE(MAX(version), 0) + 1 AS next FROM white_label_configs WHERE organization_id = ?')
        .get(organizationId) as { next: number };
      const id = `wlc_${randomUUID().replace(/-/g, '')}`;
      prepared(this.db, 'INSERT INTO white_label_configs (id, organization_id, version, data, is_active, created_at, created_by) VALUES (?, ?, ?, ?, 0, ?, ?)')
        .run(id, organizationId, next, JSON.stringify(fields), at, by);
      return { id, organizationId, version: next, fields, isActive: false, createdAt: at, createdBy: by };
    })();
  }

  /** Records the deployment and makes this version the organization's only active one. */
  markDeployed(organizationId: string, configId: string, domain: string, at: string, by: string): WhiteLabelDeployment {
    return this.db.transaction((): WhiteLabelDeployment => {
      prepared(this.db, 'UPDATE white_label_configs SET is_active = 0 WHERE organization_id = ? AND is_active = 1').run(organizationId);
      prepared(this.db, 'UPDATE white_label_configs SET is_active = 1 WHERE organization_id = ? AND id = ?').run(organizationId, configId);
      const id = `wld_${randomUUID().replace(/-/g, '')}`;
      prepared(this.db, 'INSERT INTO white_label_deployments (id, organization_id, config_id, domain, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?)')
        .run(id, organizationId, configId, domain, at, by);
      return this.lastDeployment(organizationId)!;
    })();
  }
}
