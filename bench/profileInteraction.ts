import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { hydrated, launchBrowser } from '../tests/e2e/_lib/browser';
import { ADMIN, startServer } from '../tests/e2e/_lib/server';
import { ensureBuild } from '../scripts/ensureBuild';
import { PORTS, RESULTS_DIR, ROOT } from './config';
import { SCENARIOS } from './interactionScenarios';

/**
 * `npx tsx bench/profileInteraction.ts SCENARIO "STEP NAME" [RATE]`: where one interaction of the
 * interactions section spends its time. Loads the scenario's page at RATE (default 4) x CPU, runs
 * the steps before the named one as the bench does, then records a Chromium trace of that one
 * step and prints the main thread's time by trace event (script, style, layout, paint) and the
 * busiest JS functions of the sampled profile. The trace is written to bench/results/ for
 * chrome://tracing or DevTools' Performance panel.
 */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { cpuProfile?: Profile; timeDeltas?: number[] } };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
}
interface Profile {
  nodes?: ProfileNode[];
  samples?: number[];
}

async function main(): Promise<void> {
  const [name, stepName, rateArg] = process.argv.slice(2);
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario || !stepName) throw new Error(`usage: profileInteraction.ts <${SCENARIOS.map((s) => s.name).join('|')}> "<step name>" [rate]`);
  // The bench builds first too: without it an edit was profiled against the last build, silently.
  if (!ensureBuild(ROOT, (line) => console.error(line))) throw new Error('the site does not build');
  const server = await startServer({ port: PORTS.site + 10, env: { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' } });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, httpCredentials: scenario.auth ? ADMIN : undefined });
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rateArg ?? 4) });
    await page.goto(server.url + scenario.route, { waitUntil: 'load' });
    await hydrated(page);
    await page.waitForTimeout(2000);
    const steps = await scenario.steps(page);
    const index = steps.findIndex((s) => s.name.includes(stepName));
    if (index < 0) throw new Error(`no step "${stepName}" in ${steps.map((s) => s.name).join('; ')}`);
    for (const step of steps.slice(0, index)) {
      await step.before?.(page);
      await step.act(page);
      await step.after?.(page);
      await page.waitForTimeout(500);
    }
    const step = steps[index]!;
    await step.before?.(page);
    await page.waitForTimeout(1500);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'blink.user_timing'] });
    await step.act(page);
    await page.waitForTimeout(1000);
    const buffer = await browser.stopTracing();
    const file = path.join(RESULTS_DIR, `trace-${name}-${index}.json`);
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(file, buffer);
    const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const onMain = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.ph === 'X' && e.dur !== undefined);
    const input = onMain.find((e) => e.name === 'EventDispatch');
    const t0 = input?.ts ?? onMain[0]?.ts ?? 0;
    const window = onMain.filter((e) => e.ts >= t0 && e.ts < t0 + 1_500_000);
    const totals = new Map<string, number>();
    for (const e of window) totals.set(e.name, (totals.get(e.name) ?? 0) + e.dur! / 1000);
    console.log(`${step.name}: main-thread events in the 1.5 s after the input (ms, nested events counted in each parent):`);
    for (const [n, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${n.padEnd(28)} ${ms.toFixed(1)}`);
    const tasks = window.filter((e) => e.name === 'RunTask').map((e) => e.dur! / 1000).filter((ms) => ms > 5);
    console.log(`  tasks over 5 ms: ${tasks.map((t) => t.toFixed(0)).join(', ')}`);

    // Self time by function from the sampled profile (ProfileChunk events).
    const nodes = new Map<number, ProfileNode>();
    const self = new Map<number, number>();
    for (const e of events.filter((x) => x.name === 'ProfileChunk')) {
      const p = e.args?.data?.cpuProfile;
      for (const n of p?.nodes ?? []) nodes.set(n.id, n);
      const deltas = e.args?.data?.timeDeltas ?? [];
      (p?.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0) / 1000));
    }
    const byFn = new Map<string, number>();
    for (const [id, ms] of self) {
      const f = nodes.get(id)?.callFrame;
      if (!f || f.functionName === '(idle)' || f.functionName === '(program)') continue;
      const key = `${f.functionName || '(anonymous)'} ${path.basename(f.url ?? '')}:${f.lineNumber}:${f.columnNumber}`;
      byFn.set(key, (byFn.get(key) ?? 0) + ms);
    }
    console.log('  busiest functions (self ms, sampled):');
    for (const [k, ms] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${ms.toFixed(1).padStart(7)} ${k}`);
    console.log(`trace: ${file}`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
