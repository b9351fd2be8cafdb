import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild } from '../scripts/ensureBuild';
import { BENCH, ensurePrerequisites, thisHost } from '../scripts/prerequisites';
import { ADMIN, startServer } from '../tests/e2e/_lib/server';
import { runBuild, runInstall } from './build';
import { PORTS, RESULTS_DIR, ROOT, STOCK_PAGES, readOptions, type BenchOptions } from './config';
import { runInteractions } from './interactions';
import { runLighthouse, type LighthouseResults, type Target } from './lighthouse';
import { runLoad } from './load';
import { runOverload } from './overload';
import { runMail } from './mail';
import { runMetricsCost } from './metricsCost';
import { addLighthouseRows, addWeightRows, ALT_PREFIX } from './rows';
import { runSearch } from './search';
import { runSustained } from './sustained';
import { startTs } from './spawn';
import { buildStockSites } from './stock';
import { Report } from './table';

/**
 * `npm run bench`: Lighthouse, page weight, interaction latency, API load, mail burst and build figures in one table, each
 * beside its budget. A report, not a test: it exits 0 whether budgets are met or not.
 */
const log = (line: string) => console.error(line);

async function lighthousePhase(options: BenchOptions, report: Report): Promise<void> {
  log('Building the stock Docusaurus reference pages...');
  const stockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stock-'));
  const stock = await Promise.resolve()
    .then(() => startTs('bench/stock-site/serve.ts', [String(PORTS.stock), ...buildStockSites(stockDir)]))
    .catch((error: unknown) => {
      fs.rmSync(stockDir, { recursive: true, force: true });
      throw error;
    });
  const serverEnv = { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' };
  const server = await startServer({ port: PORTS.site, env: serverEnv });
  const alt = options.altBuild ? await startServer({ port: PORTS.alt, env: { ...serverEnv, BUILD_DIR: options.altBuild } }) : undefined;
  let results: LighthouseResults;
  try {
    const basic = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
    const targets: Target[] = [
      ...Object.values(STOCK_PAGES).map(({ label, baseUrl, path: page }) => ({ name: label, url: `http://127.0.0.1:${PORTS.stock}${baseUrl}${page}` })),
      ...options.routes.map((route) => ({
        name: route,
        url: server.url + route,
        headers: route.startsWith('/white-label') ? { Authorization: basic } : undefined,
      })),
      ...(alt ? options.routes.map((route) => ({ name: `${ALT_PREFIX}${route}`, url: alt.url + route, headers: route.startsWith('/white-label') ? { Authorization: basic } : undefined })) : []),
    ];
    const slow = options.cpuSlowdown === undefined ? '' : ` (mobile CPU slowdown ${options.cpuSlowdown}x)`;
    log(`Lighthouse: ${targets.length} pages × ${options.presets.join(' and ')} × ${options.runs} run(s)${slow}...`);
    results = await runLighthouse(targets, options.runs, log, options.presets, options.cpuSlowdown);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    if (alt) {
      await alt.stop();
      fs.rmSync(alt.dataDir, { recursive: true, force: true });
    }
    await stock.stop();
    fs.rmSync(stockDir, { recursive: true, force: true });
  }
  if (!options.skip.has('lighthouse')) addLighthouseRows(options, results, report);
  if (!options.skip.has('weight')) addWeightRows(options, results, report);
}

async function main(): Promise<void> {
  // Lighthouse drives Chromium and the load rows start PostgreSQL: on a fresh machine a missing
  // browser was an unhandled spawn error that left the bench's servers running.
  if (!ensurePrerequisites(thisHost, BENCH)) process.exit(1);
  const options = readOptions();
  const report = new Report();
  const started = Date.now();
  // The load sections measure the API, which answers without a built site.
  const needsSite = ['lighthouse', 'weight', 'interactions'].some((s) => !options.skip.has(s as 'weight'));
  if (needsSite && !ensureBuild(ROOT, log)) throw new Error('the site does not build');

  // Weight reuses the desktop Lighthouse runs, so either section needs them.
  if (!options.skip.has('lighthouse') || !options.skip.has('weight')) await lighthousePhase(options, report);
  if (!options.skip.has('load')) await runLoad(options, report, log);
  if (!options.skip.has('overload')) await runOverload(options, report, log);
  if (!options.skip.has('sustained')) await runSustained(options, report, log);
  if (!options.skip.has('metrics')) await runMetricsCost(options, report, log);
  if (!options.skip.has('mail')) await runMail(report, log);
  if (!options.skip.has('search')) await runSearch(report, log);
  if (!options.skip.has('interactions')) await runInteractions(options, report, log);
  if (!options.skip.has('build')) {
    runBuild(report, log);
    runInstall(options, report, log);
  }

  console.log('');
  console.log(report.render());
  if (report.notes.length) console.log(`\n${report.notes.map((n) => `- ${n}`).join('\n')}`);
  const { met, missed } = report.tally();
  const file = path.join(RESULTS_DIR, 'latest.json');
  report.write(file, {
    date: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    runs: options.runs,
    routes: options.routes,
    skipped: [...options.skip],
    cpuSlowdown: options.cpuSlowdown ?? null,
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg() },
  });
  console.log(`\nJSON copy: ${path.relative(ROOT, file)}; Lighthouse reports: ${path.relative(ROOT, path.join(RESULTS_DIR, 'lighthouse'))}/`);
  console.log(`budgets: ${met} met, ${missed} missed`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
