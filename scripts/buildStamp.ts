import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Everything the static build is made from; a change to any of them makes build/ stale. */
const INPUTS = ['docs', 'blog', 'src', 'static', 'docusaurus.config.ts', 'sidebars.ts', 'sidebars.api.ts', 'package-lock.json'];
const STAMP = '.build-stamp';

function files(p: string, out: string[]): void {
  if (!fs.existsSync(p)) return;
  const stat = fs.statSync(p);
  if (stat.isDirectory()) for (const e of fs.readdirSync(p).sort()) files(path.join(p, e), out);
  else out.push(p);
}

/** A digest of the build inputs' contents (not mtimes, which a fresh clone resets). */
export function sourceDigest(root: string): string {
  const all: string[] = [];
  for (const input of INPUTS) files(path.join(root, input), all);
  const hash = createHash('sha256');
  for (const f of all) {
    hash.update(path.relative(root, f));
    hash.update(fs.readFileSync(f));
  }
  return hash.digest('hex');
}

export function buildIsFresh(root: string, buildDir = path.join(root, 'build')): boolean {
  const stamp = path.join(buildDir, STAMP);
  return fs.existsSync(path.join(buildDir, 'index.html')) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === sourceDigest(root);
}

export function writeStamp(root: string, buildDir = path.join(root, 'build')): void {
  fs.writeFileSync(path.join(buildDir, STAMP), sourceDigest(root));
}
