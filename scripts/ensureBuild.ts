import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { resolveSiteAddresses, type SiteAddresses } from '../src/domain/siteAddress';
import { buildIsFresh, sourceDigest, writeStamp } from './buildStamp';

/**
 * Builds live in `.builds/<digest of sources and address>/`, and `build` is a link to the one the
 * last start asked for. A start whose build exists only moves the link (rename(2): atomic), so an
 * instance never sees a half-written site, and one still serving an older build keeps its folder
 * (the server resolves the link once, at start-up). Builds take a lock: instances started
 * together (several ports from one checkout) build one at a time, and a second start for the
 * same address finds the first one's build instead of making its own.
 */
const BUILDS = '.builds';
const LINK = 'build';
/** Builds kept besides the linked one, for instances still serving them. */
const KEPT = 3;
const LOCK = path.join(BUILDS, '.lock');

/** Writes the site into `outDir`; false on failure. */
export type SiteBuilder = (root: string, outDir: string, env: NodeJS.ProcessEnv) => boolean;

/**
 * The typed client, generated from src/data (it is not committed), then Docusaurus, whose build
 * renders the OpenAPI document itself (src/plugins/siteAddressFiles.ts).
 */
const docusaurusBuild: SiteBuilder = (root, outDir, env) =>
  spawnSync('npx', ['tsx', 'scripts/generate-openapi.ts'], { cwd: root, stdio: 'inherit', env }).status === 0 &&
  spawnSync('npx', ['docusaurus', 'build', '--out-dir', outDir], { cwd: root, stdio: 'inherit', env }).status === 0;

/**
 * Makes `build` the site for the sources and addresses in `env`, building it when no build of
 * them exists. Returns false on failure (the output says why).
 */
export function ensureBuild(root = path.resolve(__dirname, '..'), log = console.log, env: NodeJS.ProcessEnv = process.env, builder = docusaurusBuild): boolean {
  let addresses: SiteAddresses;
  try {
    addresses = resolveSiteAddresses(env);
  } catch (err) {
    log((err as Error).message);
    return false;
  }
  const named = `${addresses.siteUrl}${env.SITE_URL?.trim() ? '' : ' (SITE_URL unset)'}`;
  if (buildIsFresh(root, addresses, path.join(root, LINK))) {
    log(`Site build is up to date, for ${named}.`);
    return true;
  }
  const release = lock(root, log);
  try {
    const target = path.join(root, BUILDS, sourceDigest(root, addresses).slice(0, 16));
    if (buildIsFresh(root, addresses, target)) {
      log(`Site build for ${named} found in ${path.relative(root, target)}.`);
    } else {
      log(`Building the site for ${named} (first run, sources or address changed)...`);
      const started = Date.now();
      const partial = `${target}.partial`;
      fs.rmSync(partial, { recursive: true, force: true });
      if (!builder(root, partial, env)) return false;
      writeStamp(root, addresses, partial);
      fs.rmSync(target, { recursive: true, force: true });
      fs.renameSync(partial, target);
      log(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
    pointLink(root, target);
    prune(root, target);
    return true;
  } finally {
    release();
  }
}

/** `build` now names `target`: a new link renamed over the old one, or over a plain folder of an older checkout. */
function pointLink(root: string, target: string): void {
  const link = path.join(root, LINK);
  const next = `${link}.next-${process.pid}`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.relative(root, target), next);
  const old = fs.lstatSync(link, { throwIfNoEntry: false });
  if (old?.isDirectory()) fs.rmSync(link, { recursive: true, force: true });
  fs.renameSync(next, link);
}

/** Removes all but the newest KEPT builds besides the linked one, and leftovers of interrupted ones. */
function prune(root: string, current: string): void {
  const dir = path.join(root, BUILDS);
  const builds = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && path.join(dir, e.name) !== current)
    .map((e) => ({ file: path.join(dir, e.name), partial: e.name.endsWith('.partial'), mtime: fs.statSync(path.join(dir, e.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const old = [...builds.filter((b) => b.partial), ...builds.filter((b) => !b.partial).slice(KEPT)];
  for (const b of old) fs.rmSync(b.file, { recursive: true, force: true });
}

/**
 * Takes the build lock (a folder: mkdir is atomic), waiting while another live process holds it;
 * one left by a process that died is taken over. Returns the release.
 */
function lock(root: string, log: (line: string) => void): () => void {
  const dir = path.join(root, LOCK);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  let said = false;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(readOr(path.join(dir, 'pid'), '') || NaN);
    // No pid yet is a holder between its mkdir and its write, unless that was long ago.
    const stale = Number.isInteger(holder) ? !alive(holder) : Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 10_000;
    if (stale) {
      fs.rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (!said) log(`Another start is building the site (process ${Number.isInteger(holder) ? holder : '?'}): waiting for it...`);
    said = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  }
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
