import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SiteAddresses } from '../src/domain/siteAddress';

/** Everything the static build is made from; a change to any of them makes build/ stale. */
const INPUTS = ['docs', 'blog', 'src', 'static', 'docusaurus.config.ts', 'sidebars.ts', 'sidebars.api.ts', 'package-lock.json', 'package.json'];
const STAMP = '.build-stamp';

function files(p: string, out: string[]): void {
  if (!fs.existsSync(p)) return;
  const stat = fs.statSync(p);
  if (stat.isDirectory()) for (const e of fs.readdirSync(p).sort()) files(path.join(p, e), out);
  else out.push(p);
}

/**
 * A digest of the build inputs' contents (not mtimes, which a fresh clone resets) and of the
 * addresses the build writes into its pages (SITE_URL, API_BASE_URL): a new address is a new build.
 */
export function sourceDigest(root: string, addresses: SiteAddresses): string {
  const all: string[] = [];
  for (const input of INPUTS) files(path.join(root, input), all);
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ siteUrl: addresses.siteUrl, apiBaseUrl: addresses.apiBaseUrl }));
  for (const f of all) {
    hash.update(path.relative(root, f));
    hash.update(fs.readFileSync(f));
  }
  return hash.digest('hex');
}

export function buildIsFresh(root: string, addresses: SiteAddresses, buildDir = path.join(root, 'build')): boolean {
  const stamp = path.join(buildDir, STAMP);
  return fs.existsSync(path.join(buildDir, 'index.html')) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === sourceDigest(root, addresses);
}

export function writeStamp(root: string, addresses: SiteAddresses, buildDir = path.join(root, 'build')): void {
  fs.writeFileSync(path.join(buildDir, STAMP), sourceDigest(root, addresses));
}
