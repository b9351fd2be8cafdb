import { BUDGET_REFERENCE, BUDGETS, STOCK_PAGES, type BenchOptions } from './config';
import { lostPoints, resultKey, type Category, type LighthouseResults, type Preset, type Scores } from './lighthouse';
import { kib, type Report } from './table';
import { pageWeight, shortName } from './weight';

/** The stock page our pages are held against in the table; the other stock pages are shown beside it. */
const REFERENCE = STOCK_PAGES[BUDGET_REFERENCE].label;
const STOCK_LABELS = Object.values(STOCK_PAGES).map((p) => p.label);
/** Prefix of the routes served from BENCH_ALT_BUILD in the table. */
export const ALT_PREFIX = 'alt build ';

const LABELS: Record<Exclude<Category, 'performance'>, { label: string; budget: number }> = {
  accessibility: { label: 'accessibility', budget: BUDGETS.accessibility },
  'best-practices': { label: 'best practices', budget: BUDGETS.bestPractices },
  seo: { label: 'SEO', budget: BUDGETS.seo },
};

const spread = (s: Scores, c: Category) => (s.runs.length > 1 ? ` (runs ${s.runs.map((r) => r[c]).join(', ')})` : '');
const failed = (s: Scores | undefined) => !s || s.runs.length === 0;
const errorFigure = (s: Scores | undefined) => `no successful run${s?.errors[0] ? `: ${s.errors[0].slice(0, 80)}` : ''}`;

function noteLosses(report: Report, route: string, preset: Preset, category: Category, s: Scores): void {
  if (!s.medianLhr) return;
  const losses = lostPoints(s.medianLhr, category);
  if (losses.length) report.note(`${route} ${preset} ${category}: ${losses.join(', ')}`);
}

export function addLighthouseRows(options: BenchOptions, results: LighthouseResults, report: Report): void {
  const S = 'lighthouse';
  report.note(`lighthouse: median of ${options.runs} run(s) per page and preset; scores 0-100`);
  // Slow-phone mode: the stock page itself scores under the absolute floor, so only the gap counts.
  const slow = options.cpuSlowdown !== undefined;
  if (slow) report.note(`lighthouse: mobile runs at a ${options.cpuSlowdown}x CPU slowdown (BENCH_CPU_SLOWDOWN), stock pages included`);
  const tbt = (s: Scores) => (Number.isNaN(s.tbtMs) ? '' : ` · TBT ${Math.round(s.tbtMs)} ms`);
  for (const label of STOCK_LABELS) {
    for (const preset of options.presets) {
      const s = results.get(resultKey(label, preset));
      const m = s?.median;
      report.info(
        S,
        `${label} (${preset})${label === REFERENCE ? ', the reference' : ''}`,
        failed(s) || !m
          ? errorFigure(s)
          : `perf ${m.performance}${spread(s!, 'performance')}${tbt(s!)} · a11y ${m.accessibility} · bp ${m['best-practices']} · seo ${m.seo}`,
      );
    }
  }
  const refScores = results.get(resultKey(REFERENCE, 'mobile'));
  const refMobile = failed(refScores) ? undefined : refScores!.median.performance;

  for (const route of [...options.routes, ...(options.altBuild ? options.routes.map((r) => `${ALT_PREFIX}${r}`) : [])]) {
    const mobile = results.get(resultKey(route, 'mobile'));
    const desktop = results.get(resultKey(route, 'desktop'));

    // Performance: mobile against both the absolute floor and the reference of this run.
    if (failed(mobile)) report.check(S, `${route} performance mobile`, errorFigure(mobile), '', false);
    else {
      const v = mobile!.median.performance;
      const absolute = slow ? 0 : BUDGETS.mobilePerformance;
      const floor = refMobile === undefined ? absolute : Math.max(absolute, refMobile - BUDGETS.mobileBelowReference);
      const budget = refMobile === undefined
        ? `≥ ${absolute} (no reference)`
        : `${slow ? '' : `≥ ${absolute} and `}≥ ref ${refMobile} − ${BUDGETS.mobileBelowReference}`;
      report.check(S, `${route} performance mobile`, `${v}${spread(mobile!, 'performance')}${tbt(mobile!)}`, budget, v >= floor);
      if (v < floor) noteLosses(report, route, 'mobile', 'performance', mobile!);
    }
    // Desktop rows only when desktop ran (BENCH_PRESETS).
    if (options.presets.includes('desktop')) {
      if (failed(desktop)) report.check(S, `${route} performance desktop`, errorFigure(desktop), '', false);
      else {
        const v = desktop!.median.performance;
        report.check(S, `${route} performance desktop`, `${v}${spread(desktop!, 'performance')}`, `≥ ${BUDGETS.desktopPerformance}`, v >= BUDGETS.desktopPerformance);
        if (v < BUDGETS.desktopPerformance) noteLosses(report, route, 'desktop', 'performance', desktop!);
      }
    }

    // The other categories hardly depend on the preset: one row, the worse of the two medians.
    for (const [category, { label, budget }] of Object.entries(LABELS) as [Exclude<Category, 'performance'>, { label: string; budget: number }][]) {
      if (failed(mobile) && failed(desktop)) {
        report.check(S, `${route} ${label}`, errorFigure(mobile), String(budget), false);
        continue;
      }
      const m = failed(mobile) ? NaN : mobile!.median[category];
      const d = failed(desktop) ? NaN : desktop!.median[category];
      const worst = Math.min(...[m, d].filter((x) => !Number.isNaN(x)));
      const figure = m === d ? String(m) : `${worst} (mobile ${Number.isNaN(m) ? '-' : m}, desktop ${Number.isNaN(d) ? '-' : d})`;
      report.check(S, `${route} ${label}`, figure, String(budget), worst >= budget);
      if (worst < budget) {
        const [preset, scores] = !Number.isNaN(m) && m <= d ? (['mobile', mobile!] as const) : (['desktop', desktop!] as const);
        noteLosses(report, route, preset, category, scores);
      }
    }
  }
}

export function addWeightRows(options: BenchOptions, results: LighthouseResults, report: Report): void {
  const S = 'weight';
  report.note('weight: bytes transferred (compressed) in the desktop Lighthouse run, JS and CSS summed per page');
  for (const name of [...STOCK_LABELS, ...options.routes]) {
    const lhr = results.get(resultKey(name, 'desktop'))?.medianLhr;
    if (!lhr) {
      report.info(S, name, 'n/a (no desktop Lighthouse run)');
      continue;
    }
    const w = pageWeight(lhr);
    const image = w.largestImage ? `${kib(w.largestImage.bytes)} (${shortName(w.largestImage.url)})` : 'none';
    report.info(S, `${name}`, `JS ${kib(w.js)} · CSS ${kib(w.css)} · total ${kib(w.total)} in ${w.requests} requests · largest image ${image}`);
    if (name === '/') {
      report.check(S, '/ JavaScript (landing page)', kib(w.js), `≤ ${BUDGETS.landingJsKiB} KiB`, w.js <= BUDGETS.landingJsKiB * 1024);
    }
  }
}
