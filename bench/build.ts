import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, type BenchOptions } from './config';
import { seconds, type Report } from './table';

interface Timed {
  ok: boolean;
  ms: number;
  tail: string;
}

function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Timed {
  const started = Date.now();
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-5).join('\n');
  return { ok: r.status === 0, ms: Date.now() - started, tail };
}

/**
 * Cold build: no `.docusaurus` generated folder, no bundler persistent cache, a fresh output
 * folder. The persistent cache lives in node_modules/.cache, which is shared with other
 * checkouts, so it is switched off (DOCUSAURUS_NO_PERSISTENT_CACHE) rather than deleted.
 * Warm build: the same command right after, with the cache on, into another fresh folder.
 * build/ itself is never touched, so the other sections keep their build.
 */
export function runBuild(report: Report, log: (line: string) => void): void {
  const S = 'build';
  const generated = path.join(ROOT, '.docusaurus');
  // Only ever delete the generated folder inside this checkout.
  if (path.dirname(generated) !== ROOT || path.basename(generated) !== '.docusaurus') throw new Error('refusing to delete');
  fs.rmSync(generated, { recursive: true, force: true });

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-build-'));
  try {
    log('  build: cold');
    const cold = timed('npx', ['docusaurus', 'build', '--out-dir', path.join(tmp, 'cold')], ROOT, {
      ...process.env,
      DOCUSAURUS_NO_PERSISTENT_CACHE: 'true',
    });
    report.info(S, 'cold build (no .docusaurus, no bundler cache)', cold.ok ? seconds(cold.ms) : `failed: ${cold.tail}`);
    // Prime the persistent cache (the cold build ran without it), then time a warm build.
    log('  build: priming the bundler cache');
    timed('npx', ['docusaurus', 'build', '--out-dir', path.join(tmp, 'prime')], ROOT);
    log('  build: warm');
    const warm = timed('npx', ['docusaurus', 'build', '--out-dir', path.join(tmp, 'warm')], ROOT);
    report.info(S, 'warm build (cache primed)', warm.ok ? seconds(warm.ms) : `failed: ${warm.tail}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Times `npm install` of our package.json + lockfile into a throwaway folder (never ours). */
export function runInstall(options: BenchOptions, report: Report, log: (line: string) => void): void {
  const S = 'build';
  if (!options.install) {
    report.info(S, 'npm install (cold, empty folder)', 'skipped (set BENCH_INSTALL=1)');
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-install-'));
  try {
    for (const f of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(ROOT, f), path.join(tmp, f));
    log('  build: npm install into a temporary folder (minutes)');
    // `npm install`, not `npm ci`: see /work/shared/TOOLCHAIN.md on the lockfile and @swc/core.
    const r = timed('npm', ['install', '--no-audit', '--no-fund'], tmp);
    report.info(S, 'npm install (cold, empty folder)', r.ok ? seconds(r.ms) : `failed: ${r.tail}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
