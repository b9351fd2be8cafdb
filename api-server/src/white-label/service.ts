import { missingForDeploy } from '../../../src/domain/whiteLabel';
import type { WhiteLabelConfig, WhiteLabelConfigInput, WhiteLabelDeployment, WhiteLabelMeta, WhiteLabelVersionSummary } from '../../../src/schemas/whiteLabel';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import type { StoredFields, VersionRow, WhiteLabelStore } from './store';

export interface ConfigView {
  config: WhiteLabelConfig;
  meta: WhiteLabelMeta;
}

// Field order of the stored JSON and of every answer, so equal configurations serialise equally.
function fieldsOf(input: WhiteLabelConfigInput): StoredFields {
  return {
    organizationId: input.organizationId,
    companyName: input.companyName,
    domain: input.domain,
    logoUrl: input.logoUrl,
    faviconUrl: input.faviconUrl,
    primaryColor: input.primaryColor,
    secondaryColor: input.secondaryColor,
    accentColor: input.accentColor,
    backgroundGradient: input.backgroundGradient,
    fontFamily: input.fontFamily,
    emailFromName: input.emailFromName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
  };
}

/**
 * White-label configuration of the admin's organization: versioned saves and deployments.
 * Store, clock and logger come in as arguments so tests hand over real temporary ones.
 */
export class WhiteLabelService {
  constructor(
    private readonly store: WhiteLabelStore,
    private readonly organizationId: string,
    private readonly now: () => Date,
    private readonly logger: Logger,
  ) {}

  private async view(row: VersionRow): Promise<ConfigView> {
    const lastDeployment = await this.store.lastDeployment(this.organizationId);
    return {
      config: { id: row.id, ...row.fields, isActive: row.isActive },
      meta: { version: row.version, savedAt: row.createdAt, savedBy: row.createdBy, lastDeployment },
    };
  }

  async current(): Promise<ConfigView | null> {
    const row = await this.store.current(this.organizationId);
    return row ? this.view(row) : null;
  }

  async history(): Promise<WhiteLabelVersionSummary[]> {
    return (await this.store.history(this.organizationId)).map((r) => ({
      id: r.id,
      version: r.version,
      companyName: r.fields.companyName,
      domain: r.fields.domain,
      isActive: r.isActive,
      savedAt: r.createdAt,
      savedBy: r.createdBy,
      fields: r.fields,
    }));
  }

  /** Stores a new version unless the body equals the current one (a repeated click stores nothing). */
  async save(input: WhiteLabelConfigInput, user: string): Promise<ConfigView & { unchanged: boolean }> {
    if (input.organizationId !== this.organizationId) {
      throw new HttpError(403, `This admin can only configure organization ${this.organizationId}`, {
        organizationId: 'Organization ID does not match your organization',
      });
    }
    const fields = fieldsOf(input);
    const current = await this.store.current(this.organizationId);
    if (current && JSON.stringify(current.fields) === JSON.stringify(fields)) {
      return { ...(await this.view(current)), unchanged: true };
    }
    const row = await this.store.addVersion(this.organizationId, fields, this.now().toISOString(), user);
    this.logger.info(
      { event: 'white-label.config.saved', user, organizationId: this.organizationId, configId: row.id, version: row.version, at: row.createdAt },
      'white-label configuration saved',
    );
    return { ...(await this.view(row)), unchanged: false };
  }

  async deploy(configId: string, user: string): Promise<ConfigView & { deployment: WhiteLabelDeployment; alreadyActive: boolean }> {
    const row = await this.store.byId(this.organizationId, configId);
    if (!row) {
      throw new HttpError(400, `Configuration ${configId} does not exist. Save the configuration before deploying.`, {
        configId: 'No saved configuration has this id',
      });
    }
    const current = (await this.store.current(this.organizationId))!;
    if (current.id !== row.id) {
      throw new HttpError(409, `Configuration ${configId} is version ${row.version}, but version ${current.version} is current. Deploy the current configuration.`, {
        configId: 'Not the current configuration version',
      });
    }
    const missing = missingForDeploy(row.fields);
    if (Object.keys(missing).length > 0) {
      throw new HttpError(400, `The configuration is not complete: ${Object.values(missing).join('; ')}.`, missing);
    }
    if (row.isActive) {
      // A retried request after a lost answer must not fail or record a second deployment.
      const deployment = (await this.store.lastDeployment(this.organizationId))!;
      return { ...(await this.view(row)), deployment, alreadyActive: true };
    }
    const deployment = await this.store.markDeployed(this.organizationId, row.id, row.fields.domain, this.now().toISOString(), user);
    this.logger.info(
      { event: 'white-label.deployed', user, organizationId: this.organizationId, configId: row.id, version: row.version, domain: row.fields.domain, deploymentId: deployment.id, at: deployment.deployedAt },
      'white-label platform deployed',
    );
    return { ...(await this.view({ ...row, isActive: true })), deployment, alreadyActive: false };
  }
}
