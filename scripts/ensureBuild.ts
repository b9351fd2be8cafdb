import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { resolveSiteAddresses, type SiteAddresses } from '../src/domain/siteAddress';
import { buildIsFresh, writeStamp } from './buildStamp';

/**
 * Builds the site when build/ is missing, older than its sources, or made for another SITE_URL
 * or API_BASE_URL (read from `env`, which the build is given too). Returns false on failure.
 */
export function ensureBuild(root = path.resolve(__dirname, '..'), log = console.log, env: NodeJS.ProcessEnv = process.env): boolean {
  let addresses: SiteAddresses;
  try {
    addresses = resolveSiteAddresses(env);
  } catch (err) {
    log((err as Error).message);
    return false;
  }
  const named = `${addresses.siteUrl}${env.SITE_URL?.trim() ? '' : ' (SITE_URL unset)'}`;
  if (buildIsFresh(root, addresses)) {
    log(`Site build is up to date, for ${named}.`);
    return true;
  }
  log(`Building the site for ${named} (first run, sources or address changed)...`);
  const started = Date.now();
  // The typed client is generated from src/data before each build (it is not committed); the
  // build itself renders the OpenAPI document (src/plugins/siteAddressFiles.ts).
  if (spawnSync('npx', ['tsx', 'scripts/generate-openapi.ts'], { cwd: root, stdio: 'inherit', env }).status !== 0) return false;
  const result = spawnSync('npx', ['docusaurus', 'build'], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) return false;
  writeStamp(root, addresses);
  log(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
