import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsFresh, writeStamp } from './buildStamp';

/** Builds the site when build/ is missing or older than its sources. Returns false on failure. */
export function ensureBuild(root = path.resolve(__dirname, '..'), log = console.log): boolean {
  if (buildIsFresh(root)) {
    log('Site build is up to date.');
    return true;
  }
  log('Building the site (first run or sources changed)...');
  const started = Date.now();
  const result = spawnSync('npx', ['docusaurus', 'build'], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) return false;
  writeStamp(root);
  log(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
