import { missingForDeploy } from '../../../src/domain/whiteLabel';
import type { WhiteLabelConfig, WhiteLabelConfigInput, WhiteLabelDeployment, WhiteLabelMeta, WhiteLabelVersionSummary } from '../../../src/schemas/whiteLabel';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import type { Db } from '../db/database';
import { WhiteLabelStore, type StoredFields, type VersionRow } from './store';

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
 * White-label configuration of the admin's organization: versioned saves and deployments. Each
 * operation takes its dependencies first, as support's createTicket does, so tests hand over real
 * temporary ones.
 */
export interface WhiteLabelDeps {
  db: Db;
  /** The organization this admin configures (spec section 3: a demo default). */
  organizationId: string;
  now: () => Date;
  logger: Logger;
}

async function view(deps: WhiteLabelDeps, store: WhiteLabelStore, row: VersionRow): Promise<ConfigView> {
  const lastDeployment = await store.lastDeployment(deps.organizationId);
  return {
    config: { id: row.id, ...row.fields, isActive: row.isActive },
    meta: { version: row.version, savedAt: row.createdAt, savedBy: row.createdBy, lastDeployment },
  };
}

export async function currentConfig(deps: WhiteLabelDeps): Promise<ConfigView | null> {
  const store = new WhiteLabelStore(deps.db);
  const row = await store.current(deps.organizationId);
  return row ? view(deps, store, row) : null;
}

export async function configHistory(deps: WhiteLabelDeps): Promise<WhiteLabelVersionSummary[]> {
  return (await new WhiteLabelStore(deps.db).history(deps.organizationId)).map((r) => ({
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
export async function saveConfig(deps: WhiteLabelDeps, input: WhiteLabelConfigInput, user: string): Promise<ConfigView & { unchanged: boolean }> {
  const { organizationId, logger } = deps;
  if (input.organizationId !== organizationId) {
    throw new HttpError(403, `This admin can only configure organization ${organizationId}`, {
      organizationId: 'Organization ID does not match your organization',
    });
  }
  const store = new WhiteLabelStore(deps.db);
  const fields = fieldsOf(input);
  const current = await store.current(organizationId);
  if (current && JSON.stringify(current.fields) === JSON.stringify(fields)) {
    return { ...(await view(deps, store, current)), unchanged: true };
  }
  const row = await store.addVersion(organizationId, fields, deps.now().toISOString(), user);
  logger.info(
    { event: 'white-label.config.saved', user, organizationId, configId: row.id, version: row.version, at: row.createdAt },
    'white-label configuration saved',
  );
  return { ...(await view(deps, store, row)), unchanged: false };
}

export async function deployConfig(
  deps: WhiteLabelDeps,
  configId: string,
  user: string,
): Promise<ConfigView & { deployment: WhiteLabelDeployment; alreadyActive: boolean }> {
  const { organizationId, logger } = deps;
  const store = new WhiteLabelStore(deps.db);
  const row = await store.byId(organizationId, configId);
  if (!row) {
    throw new HttpError(400, `Configuration ${configId} does not exist. Save the configuration before deploying.`, {
      configId: 'No saved configuration has this id',
    });
  }
  const current = (await store.current(organizationId))!;
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
    const deployment = (await store.lastDeployment(organizationId))!;
    return { ...(await view(deps, store, row)), deployment, alreadyActive: true };
  }
  const deployment = await store.markDeployed(organizationId, row.id, row.fields.domain, deps.now().toISOString(), user);
  logger.info(
    { event: 'white-label.deployed', user, organizationId, configId: row.id, version: row.version, domain: row.fields.domain, deploymentId: deployment.id, at: deployment.deployedAt },
    'white-label platform deployed',
  );
  return { ...(await view(deps, store, { ...row, isActive: true })), deployment, alreadyActive: false };
}
