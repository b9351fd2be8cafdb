import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild } from '../scripts/ensureBuild';
import { createEngine } from '../src/lib/search/engine';
import { joinIndex, SEARCH_TEXTS_PATH, SEARCH_TITLES_PATH, type SearchTextsFile, type SearchTitlesFile } from '../src/lib/search/types';
import { hydrated, launchBrowser } from '../tests/e2e/_lib/browser';
import { startServer } from '../tests/e2e/_lib/server';
import { baselineRanker, evaluate, type Evaluation } from '../tests/search/evaluate';
import { SEARCH_QUESTIONS } from '../tests/search/queries';
import { PORTS, ROOT } from './config';
import type { Report } from './table';

const SECTION = 'search';
/** The budget: first results this soon after the last keystroke, cold, on Slow 4G. */
const FIRST_RESULTS_MS = 300;
/** Chromium's "Slow 4G" preset: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const RUNS = 3;
const QUERY = 'webhook signature';

const pct = (x: number) => `${Math.round(x * 100)}%`;
const line = (e: Evaluation) => `hit@1 ${pct(e.hit1)}, hit@3 ${pct(e.hit3)}, MRR ${e.mrr.toFixed(3)}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Milliseconds from the keystroke that completes a query to the first result on screen, on a
 * cold page (empty cache) with the network throttled to Slow 4G: the box is opened with "/" and
 * the whole query arrives at once, so nothing loads while the reader types.
 */
async function coldFirstResults(): Promise<number[]> {
  const server = await startServer({ port: PORTS.site, env: { LOG_LEVEL: 'error' } });
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await page.goto(`${server.url}/documentation`, { waitUntil: 'networkidle' });
      await hydrated(page);
      await page.evaluate(() => {
        // Stamped by the page itself, so Playwright's polling adds nothing to the figure.
        (window as unknown as { firstResult: Promise<number> }).firstResult = new Promise((resolve) => {
          const watch = new MutationObserver(() => {
            if (!document.querySelector('[role="option"]')) return;
            watch.disconnect();
            resolve(performance.now());
          });
          watch.observe(document.body, { subtree: true, childList: true });
        });
      });
      await page.keyboard.press('/');
      const typed = await page.evaluate(() => performance.now());
      await page.keyboard.insertText(QUERY);
      const shown = await page.evaluate(() => (window as unknown as { firstResult: Promise<number> }).firstResult);
      times.push(shown - typed);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  return times;
}

/** `npm run bench` section "search": the test set's figures beside an untuned MiniSearch, index sizes, cold first results. */
export async function runSearch(report: Report, log: (line: string) => void): Promise<void> {
  const build = path.join(ROOT, 'build');
  if (!fs.existsSync(path.join(build, SEARCH_TITLES_PATH)) && !ensureBuild(ROOT, log)) throw new Error('the site does not build');
  const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(build, file), 'utf8')) as T;
  const titles = read<SearchTitlesFile>(SEARCH_TITLES_PATH);
  const docs = joinIndex(titles, read<SearchTextsFile>(SEARCH_TEXTS_PATH));

  log(`Search: ${SEARCH_QUESTIONS.length} questions over ${docs.length} sections...`);
  const engine = createEngine(docs);
  const titlesOnly = createEngine(joinIndex(titles));
  const ours = evaluate((q) => engine.search(q).map((h) => h.url), SEARCH_QUESTIONS);
  const first = evaluate((q) => titlesOnly.search(q).map((h) => h.url), SEARCH_QUESTIONS);
  const base = evaluate(baselineRanker(docs), SEARCH_QUESTIONS);
  report.info(SECTION, 'baseline: MiniSearch, prefix + fuzzy 0.2, untuned', line(base));
  report.check(SECTION, 'site search (src/lib/search)', line(ours), `above the baseline on all three`, ours.hit1 > base.hit1 && ours.hit3 > base.hit3 && ours.mrr > base.mrr);
  report.info(SECTION, 'first results, from titles only', line(first));
  for (const m of ours.misses) report.note(`search: "${m.query}" expected ${m.expect[0]}, top three: ${m.got.join(', ') || 'nothing'}`);

  const br = (file: string) => fs.statSync(path.join(build, `${file}.br`)).size;
  report.info(SECTION, 'index (Brotli): titles + texts', `${(br(SEARCH_TITLES_PATH) / 1024).toFixed(1)} kB + ${(br(SEARCH_TEXTS_PATH) / 1024).toFixed(1)} kB`);

  log(`Search: cold first results on Slow 4G, ${RUNS} runs...`);
  const times = await coldFirstResults();
  const ms = median(times);
  report.check(SECTION, `cold first results, Slow 4G ("${QUERY}" at once)`, `${Math.round(ms)} ms (${times.map((t) => Math.round(t)).join(', ')})`, `≤ ${FIRST_RESULTS_MS} ms`, ms <= FIRST_RESULTS_MS);
}
