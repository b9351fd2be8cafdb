import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { atomically, lockKey, type Db } from '../db/database';
import type { Schema } from '../db/schema';
import type { WhiteLabelConfig, WhiteLabelDeployment } from '../../../src/schemas/whiteLabel';

/**
 * Every save is a new immutable version row, so the history is kept and a deployment always
 * names exactly what went live. The organization's current configuration is its highest version.
 */

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

type RawVersion = Selectable<Schema['white_label_configs']>;

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

  private versions(organizationId: string) {
    return this.db.selectFrom('white_label_configs').selectAll().where('organization_id', '=', organizationId);
  }

  async current(organizationId: string): Promise<VersionRow | undefined> {
    const row = await this.versions(organizationId).orderBy('version', 'desc').limit(1).executeTakeFirst();
    return row && toVersion(row);
  }

  async byId(organizationId: string, id: string): Promise<VersionRow | undefined> {
    const row = await this.versions(organizationId).where('id', '=', id).executeTakeFirst();
    return row && toVersion(row);
  }

  async history(organizationId: string, limit = 20): Promise<VersionRow[]> {
    return (await this.versions(organizationId).orderBy('version', 'desc').limit(limit).execute()).map(toVersion);
  }

  async lastDeployment(organizationId: string, db: Db = this.db): Promise<WhiteLabelDeployment | null> {
    const row: RawDeployment | undefined = await db
      .selectFrom('white_label_deployments as d')
      .innerJoin('white_label_configs as c', 'c.id', 'd.config_id')
      .select(['d.id', 'd.config_id', 'c.version', 'd.domain', 'd.created_at', 'd.created_by'])
      .where('d.organization_id', '=', organizationId)
      // Only the current version can be deployed, so among deployments at the same instant the
      // one of the higher version came last.
      .orderBy('d.created_at', 'desc')
      .orderBy('c.version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toDeployment(row) : null;
  }

  /**
   * Appends the next version atomically. The organization's lock makes concurrent saves (on
   * any instance) take consecutive versions; UNIQUE (organization_id, version) backs it up.
   */
  addVersion(organizationId: string, fields: StoredFields, at: string, by: string): Promise<VersionRow> {
    return atomically(this.db, async (tx): Promise<VersionRow> => {
      await lockKey(tx, `white-label:${organizationId}`);
      const { next } = await tx
        .selectFrom('white_label_configs')
        .select(sql<number>`COALESCE(MAX(version), 0) + 1`.as('next'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      const id = `wlc_${randomUUID().replace(/-/g, '')}`;
      const version = Number(next);
      await tx
        .insertInto('white_label_configs')
        .values({ id, organization_id: organizationId, version, data: JSON.stringify(fields), is_active: 0, created_at: at, created_by: by })
        .execute();
      return { id, organizationId, version, fields, isActive: false, createdAt: at, createdBy: by };
    });
  }

  /** Records the deployment and makes this version the organization's only active one. */
  markDeployed(organizationId: string, configId: string, domain: string, at: string, by: string): Promise<WhiteLabelDeployment> {
    return atomically(this.db, async (tx): Promise<WhiteLabelDeployment> => {
      await lockKey(tx, `white-label:${organizationId}`);
      await tx.updateTable('white_label_configs').set({ is_active: 0 }).where('organization_id', '=', organizationId).where('is_active', '=', 1).execute();
      await tx.updateTable('white_label_configs').set({ is_active: 1 }).where('organization_id', '=', organizationId).where('id', '=', configId).execute();
      const id = `wld_${randomUUID().replace(/-/g, '')}`;
      await tx.insertInto('white_label_deployments').values({ id, organization_id: organizationId, config_id: configId, domain, created_at: at, created_by: by }).execute();
      return (await this.lastDeployment(organizationId, tx))!;
    });
  }
}
