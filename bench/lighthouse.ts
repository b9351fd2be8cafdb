import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Result as LhResult } from 'lighthouse';
import { CHROME_FLAGS, CHROME_PATH, PRESETS, RESULTS_DIR, type Preset } from './config';
import { median } from './table';

export { PRESETS, type Preset };
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Target {
  /** Label in the table: a route, or "stock page" for the reference. */
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface Scores {
  /** Median score (0-100) per category; NaN when every run failed. */
  median: Record<Category, number>;
  /** Every successful run's scores, in run order, for the spread. */
  runs: Record<Category, number>[];
  errors: string[];
  /** Median total blocking time in ms (NaN when every run failed). */
  tbtMs: number;
  /** The report of the run whose performance score is the median one (for the audits that cost points). */
  medianLhr?: LhResult;
}

export type LighthouseResults = Map<string, Scores>;
export const resultKey = (target: string, preset: Preset) => `${target} ${preset}`;

type LighthouseModule = typeof import('lighthouse');

function scoresOf(lhr: LhResult): Record<Category, number> {
  const out = {} as Record<Category, number>;
  for (const c of CATEGORIES) out[c] = Math.round((lhr.categories[c]?.score ?? NaN) * 100);
  return out;
}

async function runOnce(
  lh: LighthouseModule,
  port: number,
  target: Target,
  preset: Preset,
  cpuSlowdown: number | undefined,
): Promise<LhResult> {
  const flags = {
    // Deep-merged into the preset's throttling (mobile: slow 4G, 4x CPU), so only the CPU changes.
    ...(cpuSlowdown !== undefined && preset === 'mobile' ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: [...CATEGORIES],
    extraHeaders: target.headers ?? null,
  };
  // Mobile is Lighthouse's default config; desktop is its own preset (as `--preset=desktop`).
  const result = await lh.default(target.url, flags, preset === 'desktop' ? lh.desktopConfig : undefined);
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return lhr;
}

/**
 * Runs Lighthouse `runs` times on every target and preset. Rounds are interleaved (round 1 of
 * every target, then round 2...) so the reference and our pages see the same machine load.
 */
export async function runLighthouse(
  targets: Target[],
  runs: number,
  log: (line: string) => void,
  presets: readonly Preset[] = PRESETS,
  cpuSlowdown?: number,
): Promise<LighthouseResults> {
  // Lighthouse 12 is ESM-only; a dynamic import works from tsx's CommonJS output.
  const lh: LighthouseModule = await import('lighthouse');
  const collected = new Map<string, { lhrs: LhResult[]; errors: string[] }>();
  for (const t of targets) for (const p of presets) collected.set(resultKey(t.name, p), { lhrs: [], errors: [] });

  let chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    for (let round = 1; round <= runs; round++) {
      for (const target of targets) {
        for (const preset of presets) {
          const bucket = collected.get(resultKey(target.name, preset))!;
          // Lighthouse sometimes fails a trace on a loaded machine (NO_NAVSTART...): one retry.
          for (let attempt = 1; attempt <= 2; attempt++) {
            const started = Date.now();
            try {
              const lhr = await runOnce(lh, chrome.port, target, preset, cpuSlowdown);
              bucket.lhrs.push(lhr);
              const s = scoresOf(lhr);
              log(`  lighthouse ${round}/${runs} ${preset.padEnd(7)} ${target.name}: perf ${s.performance} (TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN)} ms) a11y ${s.accessibility} bp ${s['best-practices']} seo ${s.seo} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
              break;
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              bucket.errors.push(message);
              log(`  lighthouse ${round}/${runs} ${preset} ${target.name}: ERROR (attempt ${attempt}) ${message}`);
              // A crashed or wedged browser would fail every later run: start a fresh one.
              chrome.kill();
              chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
            }
          }
        }
      }
    }
  } finally {
    chrome.kill();
  }

  const results: LighthouseResults = new Map();
  const lhrDir = path.join(RESULTS_DIR, 'lighthouse');
  // Reports of this run only: a route dropped by BENCH_ROUTES must not leave a stale one behind.
  fs.rmSync(lhrDir, { recursive: true, force: true });
  fs.mkdirSync(lhrDir, { recursive: true });
  for (const [key, { lhrs, errors }] of collected) {
    const runScores = lhrs.map(scoresOf);
    const med = {} as Record<Category, number>;
    for (const c of CATEGORIES) med[c] = runScores.length ? median(runScores.map((s) => s[c])) : NaN;
    // The run closest to the median performance score stands for the route in the notes.
    const medianLhr = lhrs
      .map((lhr, i) => ({ lhr, d: Math.abs(runScores[i]!.performance - med.performance) }))
      .sort((a, b) => a.d - b.d)[0]?.lhr;
    if (medianLhr) {
      const slug = key.replace(/^\/ /, 'root ').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
      fs.writeFileSync(path.join(lhrDir, `${slug}.json`), JSON.stringify(medianLhr));
    }
    const tbts = lhrs.map((lhr) => lhr.audits['total-blocking-time']?.numericValue ?? NaN).filter((v) => !Number.isNaN(v));
    results.set(key, { median: med, runs: runScores, errors, tbtMs: tbts.length ? median(tbts) : NaN, medianLhr });
  }
  return results;
}

/**
 * The audits that cost a category points, biggest loss first: the weighted share each one
 * takes from the score. For performance (whose points come from metrics) the diagnostics with
 * the largest estimated metric savings follow, since those are what to fix.
 */
export function lostPoints(lhr: LhResult, category: Category, limit = 6): string[] {
  const cat = lhr.categories[category];
  if (!cat) return [];
  const totalWeight = cat.auditRefs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  const shown = (id: string) => {
    const value = lhr.audits[id]?.displayValue;
    return value ? ` ${value}` : '';
  };
  const losses = cat.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ id: ref.id, score: lhr.audits[ref.id]?.score }))
    .filter((a): a is { id: string; score: number } => typeof a.score === 'number' && a.score < 1)
    .map((a) => ({ id: a.id, lost: (cat.auditRefs.find((r) => r.id === a.id)!.weight * (1 - a.score) * 100) / totalWeight }))
    .sort((a, b) => b.lost - a.lost)
    .slice(0, limit)
    .map((a) => `${a.id}${shown(a.id)} (-${a.lost.toFixed(1)})`);
  if (category !== 'performance') return losses;
  const savings = cat.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1 && a.metricSavings)
    .map((a) => ({ id: a!.id, ms: Object.values(a!.metricSavings ?? {}).reduce((s: number, v) => s + (v ?? 0), 0) }))
    .filter((a) => a.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map((a) => `${a.id}${shown(a.id)}`);
  return savings.length ? [...losses, `fix first: ${savings.join('; ')}`] : losses;
}
