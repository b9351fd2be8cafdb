import { chromium, type Browser } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from './config';
import { median } from './table';

/**
 * `npx tsx bench/trace.ts URL_A[,URL_B...] ROUTE...`: main-thread CPU of page loads from a Chromium
 * trace, the quick A/B that a loaded machine disturbs far less than Lighthouse (CONTRIBUTING, "How to
 * measure"). Each base URL serves a build; every route is loaded from each in turn,
 * TRACE_RUNS times (default 5), at 412 px without throttling. Prints per route and base: medians of
 * the main thread's CPU time of all tasks, and of the "8x blocking" estimate, Σ max(0, 8 × task
 * CPU − 50 ms) over the tasks after the first contentful paint (Lighthouse's blocking time at an 8x
 * slowdown, from CPU time rather than wall time), and the page's element count.
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { frame?: string } };
}

interface Sample {
  cpuMs: number;
  blocking8xMs: number;
  longest: number;
  elements: number;
}

const SLOWDOWN = 8;

async function loadOnce(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
  await page.goto(url, { waitUntil: 'load' });
  // Hydration and the islands near the top run after load: give them time, as Lighthouse does.
  await page.waitForTimeout(2500);
  const buffer = await browser.stopTracing();
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  await context.close();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The renderer's main thread: where the page's first-contentful-paint mark is.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (!fcp || e.pid === fcp.pid));
  if (!main) throw new Error(`no renderer main thread in the trace of ${url}`);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid && e.tdur !== undefined);
  let cpu = 0;
  let blocking = 0;
  let longest = 0;
  for (const t of tasks) {
    const ms = t.tdur! / 1000;
    cpu += ms;
    longest = Math.max(longest, ms);
    if (!fcp || t.ts >= fcp.ts) blocking += Math.max(0, SLOWDOWN * ms - 50);
  }
  return { cpuMs: cpu, blocking8xMs: blocking, longest, elements };
}

async function main(): Promise<void> {
  const [bases, ...routes] = process.argv.slice(2);
  if (!bases || routes.length === 0) throw new Error('usage: tsx bench/trace.ts http://127.0.0.1:3530[,http://127.0.0.1:3533] /route...');
  const runs = Number(process.env.TRACE_RUNS ?? 5);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
  try {
    const samples = new Map<string, Sample[]>();
    for (let round = 0; round < runs; round++) {
      for (const route of routes) {
        for (const base of bases.split(',')) {
          const key = `${route} ${base}`;
          const list = samples.get(key) ?? [];
          list.push(await loadOnce(browser, base + route));
          samples.set(key, list);
        }
      }
    }
    for (const [key, list] of samples) {
      const m = (f: (s: Sample) => number) => Math.round(median(list.map(f)));
      console.log(`${key}: cpu ${m((s) => s.cpuMs)} ms · 8x blocking ${m((s) => s.blocking8xMs)} ms (runs ${list.map((s) => Math.round(s.blocking8xMs)).join(', ')}) · longest task ${m((s) => s.longest)} ms · ${m((s) => s.elements)} elements`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
