import path from 'node:path';
import { PLAN_IDS } from '../src/data/plans';
import { SPEC_ROUTES as ALL_SPEC_ROUTES } from '../tests/e2e/quality/routes';
import { chromiumPath } from '../tests/_services/programs';

/**
 * Knobs and budgets of `npm run bench`, in one place so a budget change is a one-line diff.
 * Env knobs: BENCH_RUNS, BENCH_ROUTES, BENCH_SKIP, BENCH_PRESETS, BENCH_PORT_BASE, BENCH_LOAD_SECONDS, BENCH_LOAD_ROUNDS, BENCH_INSTALL,
 * BENCH_CPU_SLOWDOWN, BENCH_ALT_BUILD, BENCH_NODE_FLAGS (the server's Node flags instead of package.json's `start`'s),
 * BENCH_INTERACTIONS (scenarios of the interactions section, bench/interactionScenarios.ts),
 * BENCH_SUSTAINED_SECONDS (the issue's ten-minute run: 600), BENCH_SUSTAINED_RATE (support posts per second of the steady run).
 */
export const ROOT = path.resolve(__dirname, '..');
export const RESULTS_DIR = path.join(__dirname, 'results');

/**
 * Ports this benchmark serves on, three from BENCH_PORT_BASE (default 3180): two benches on one
 * machine (several worktrees) need different bases, or each measures the other's server.
 */
const PORT_BASE = positiveInt('BENCH_PORT_BASE', 3180);
export const PORTS = { site: PORT_BASE, stock: PORT_BASE + 1, hello: PORT_BASE + 2, alt: PORT_BASE + 3 } as const;

/**
 * Every route of the spec (the e2e suites' list), with /api-docs/{planId} represented once by its
 * richest plan page: the other plan pages and the unknown-plan fallback render the same component.
 * BENCH_ROUTES may still name any of them (`/api-docs/starter`).
 */
const RICHEST_PLAN_PAGE = `/api-docs/${PLAN_IDS[PLAN_IDS.length - 1]!}`;
export const SPEC_ROUTES: readonly string[] = ALL_SPEC_ROUTES.filter((r) => !r.startsWith('/api-docs/') || r === RICHEST_PLAN_PAGE);

/**
 * The stock Docusaurus pages measured in the same rounds as ours (bench/stock-site, one server,
 * one build per config). The budget compares against `docs`, a stock docs page (sidebar, table of
 * contents, a code block), as issue 23 words it; `empty`, the near-empty page that was the
 * reference before, stays as a row so the change of reference is in plain sight.
 */
export const STOCK_PAGES = {
  docs: { label: 'stock Docusaurus docs page', config: 'docusaurus.docs.config.js', baseUrl: '/docs-site/', path: 'docs/intro' },
  empty: { label: 'stock Docusaurus near-empty page', config: 'docusaurus.config.js', baseUrl: '/', path: '' },
} as const;
export type StockPage = keyof typeof STOCK_PAGES;
/** The stock page the mobile budget (mobileBelowReference) compares our pages against. */
export const BUDGET_REFERENCE: StockPage = 'docs';

/** Lighthouse's two form factors: mobile is its default config, desktop its own preset. */
export const PRESETS = ['mobile', 'desktop'] as const;
export type Preset = (typeof PRESETS)[number];

export const SECTIONS = ['lighthouse', 'weight', 'load', 'overload', 'sustained', 'metrics', 'mail', 'build', 'search', 'interactions'] as const;
export type Section = (typeof SECTIONS)[number];

export const BUDGETS = {
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  desktopPerformance: 98,
  mobilePerformance: 90,
  /** Mobile performance may trail the stock docs page's median (BUDGET_REFERENCE) by at most this much. */
  mobileBelowReference: 3,
  /** Compressed JavaScript transferred by the landing page, in KiB. */
  landingJsKiB: 200,
  /** req/s of a durable-write POST divided by the Express hello-world's req/s. */
  postRatio: 0.5,
  p99Ms: 50,
  serverRssMB: 200,
  /** Issue 13: a burst of queued mail reaches a local SMTP sink within this many seconds. */
  mailBurstSeconds: 30,
  mailBurstMessages: 10_000,
  /** Issue 28: a claim of due mail holds the event loop at most this long, at any of these backlogs. */
  claimBlockMs: 1,
  claimBacklogs: [20_000, 100_000],
  /** The flat-out burst of the sustained section, after its steady run. */
  burstSeconds: 20,
  /** At the steady rate the outbox backlog stays under this many seconds of posts. */
  steadyBacklogSeconds: 5,
  /**
   * Once the load stops, the backlog reaches the local SMTP sink at least this fast (one worker
   * delivers ~1,250-1,650 a second here): how long "drains" may take grows with the backlog.
   */
  drainMailsPerSecond: 1_000,
  /** Issue 45: at 3 and 10 times the peak's clients, 2xx per second stays at this share of the peak or better. */
  overloadGoodput: 0.9,
  overloadAdmittedP99Ms: 100,
  overloadShedP99Ms: 5,
  overloadHealthP99Ms: 100,
} as const;

/** Chromium flags that work in these containers: the same list the e2e tests launch with. */
export { CHROMIUM_FLAGS as CHROME_FLAGS } from '../tests/e2e/_lib/browser';
/** The same Chromium as the tests' (CHROMIUM_PATH, Debian's, or Playwright's on Ubuntu). */
export const CHROME_PATH = chromiumPath();

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

function list(name: string): string[] {
  return (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface BenchOptions {
  runs: number;
  routes: string[];
  skip: Set<Section>;
  /** Lighthouse presets to run (BENCH_PRESETS=mobile halves a Lighthouse-only comparison). */
  presets: Preset[];
  loadSeconds: number;
  /** Hello-world/endpoint pairs per durable POST (BENCH_LOAD_ROUNDS): the median ratio is judged. */
  loadRounds: number;
  /** Sustained form traffic, then the outbox drains (short by default; 600 for the ten minutes). */
  sustainedSeconds: number;
  /**
   * Support posts per second of the steady run: traffic the server carries (a fraction of what
   * 50 connections flat out reach), where the outbox must keep up while the load lasts, not only
   * catch up after it.
   */
  sustainedRate: number;
  connections: number;
  install: boolean;
  /**
   * Slow-phone mode (BENCH_CPU_SLOWDOWN=8): the mobile runs use this CPU slowdown instead of
   * Lighthouse's default 4x, stock page included. Undefined: Lighthouse's default.
   */
  cpuSlowdown?: number;
  /**
   * A second build folder (BENCH_ALT_BUILD=/tmp/build-without-x), served beside build/ and
   * measured in the same rounds: how a speed-up is measured, by a build with it turned off.
   */
  altBuild?: string;
}

export function readOptions(): BenchOptions {
  const wanted = list('BENCH_ROUTES');
  // A wanted route matches a spec route by its path, so "/success" selects the one with a query.
  const routes = wanted.length
    ? ALL_SPEC_ROUTES.filter((r) => wanted.some((w) => r === w || r.split('?')[0] === w))
    : [...SPEC_ROUTES];
  if (wanted.length && routes.length === 0) throw new Error(`BENCH_ROUTES matched no spec route: ${wanted.join(', ')}`);
  const skip = new Set<Section>();
  for (const s of list('BENCH_SKIP')) {
    if (!(SECTIONS as readonly string[]).includes(s)) throw new Error(`BENCH_SKIP: unknown section "${s}" (${SECTIONS.join(', ')})`);
    skip.add(s as Section);
  }
  const wantedPresets = list('BENCH_PRESETS');
  for (const p of wantedPresets) {
    if (!(PRESETS as readonly string[]).includes(p)) throw new Error(`BENCH_PRESETS: unknown preset "${p}" (${PRESETS.join(', ')})`);
  }
  const presets = wantedPresets.length ? PRESETS.filter((p) => wantedPresets.includes(p)) : [...PRESETS];
  if (!presets.includes('desktop') && !skip.has('weight')) throw new Error('BENCH_PRESETS without desktop needs BENCH_SKIP=weight: weights come from the desktop runs');
  return {
    runs: positiveInt('BENCH_RUNS', 3),
    routes,
    skip,
    presets,
    loadSeconds: positiveInt('BENCH_LOAD_SECONDS', 10),
    loadRounds: positiveInt('BENCH_LOAD_ROUNDS', 3),
    sustainedSeconds: positiveInt('BENCH_SUSTAINED_SECONDS', 20),
    sustainedRate: positiveInt('BENCH_SUSTAINED_RATE', 500),
    connections: 50,
    install: process.env.BENCH_INSTALL === '1',
    altBuild: process.env.BENCH_ALT_BUILD ? path.resolve(process.env.BENCH_ALT_BUILD) : undefined,
    cpuSlowdown: process.env.BENCH_CPU_SLOWDOWN ? positiveInt('BENCH_CPU_SLOWDOWN', 4) : undefined,
  };
}
