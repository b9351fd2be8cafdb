/**
 * The white-label deploy checklist (spec section 4): the admin page shows it and the API server
 * refuses a deploy that fails it, so both read these rules from here.
 */
import type { WhiteLabelConfig } from '../schemas/whiteLabel';

export type DeployStepId = 'configSaved' | 'domainSetup' | 'assetsUploaded' | 'platformDeployed';

export interface DeployStep {
  id: DeployStepId;
  label: string;
  description: string;
  done: boolean;
}

type ChecklistInput = Pick<WhiteLabelConfig, 'domain' | 'logoUrl' | 'faviconUrl'> & { id?: string | undefined; isActive?: boolean | undefined };

const filled = (v: string | undefined) => (v ?? '').trim() !== '';

/** The four steps of the spec, in order, computed from the configuration state. */
export function deployChecklist(c: ChecklistInput): DeployStep[] {
  return [
    { id: 'configSaved', label: 'Configuration Saved', description: 'Save your branding so it gets a configuration id.', done: filled(c.id) },
    { id: 'domainSetup', label: 'Domain Setup', description: 'Enter the domain your clients will use.', done: filled(c.domain) },
    { id: 'assetsUploaded', label: 'Assets Uploaded', description: 'Set both a logo URL and a favicon URL.', done: filled(c.logoUrl) && filled(c.faviconUrl) },
    { id: 'platformDeployed', label: 'Platform Deployed', description: 'Deploy to make the branded platform live.', done: c.isActive === true },
  ];
}

/** Steps 1 to 3 done and the platform not active yet: the only state the deploy button is enabled in. */
export function canDeploy(c: ChecklistInput): boolean {
  const [saved, domain, assets] = deployChecklist(c);
  return Boolean(saved?.done && domain?.done && assets?.done) && c.isActive !== true;
}

/**
 * What a stored configuration lacks before it can be deployed (steps 2 and 3), as field errors.
 * The server answers these with a 400; the page shows the same wording.
 */
export function missingForDeploy(c: Pick<WhiteLabelConfig, 'domain' | 'logoUrl' | 'faviconUrl'>): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!filled(c.domain)) missing.domain = 'A domain is required before deploying';
  if (!filled(c.logoUrl)) missing.logoUrl = 'A logo URL is required before deploying';
  if (!filled(c.faviconUrl)) missing.faviconUrl = 'A favicon URL is required before deploying';
  return missing;
}
