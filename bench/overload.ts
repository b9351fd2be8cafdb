import http from 'node:http';
import { PLAN_IDS } from '../src/data/plans';
import { checkoutRequestSchema } from '../src/schemas';
import { startServer, type RunningServer } from '../tests/e2e/_lib/server';
import { BUDGETS, type BenchOptions } from './config';
import { memoryOf } from './load';
import type { Report } from './table';

/**
 * Issue 45's overload row: checkout posts at the concurrency the server sustains (the peak), then
 * at 3 and 10 times that many clients, each sending again as soon as it is answered, with a
 * balancer's probe of /healthz every 20 ms alongside; then a graceful stop under 3x load, the
 * clients stopping like a balancer 300 ms after /readyz first answers 503. Every request's own
 * status and time are kept (autocannon's histogram mixes admitted and shed answers).
 */
const BODY = JSON.stringify(checkoutRequestSchema.parse({ planId: PLAN_IDS[1], customerName: 'Bench Mark', customerEmail: 'bench@example.com' }));

interface Outcome {
  status?: number;
  ms: number;
  /** A network error code: the request was never answered. */
  error?: string;
}

function request(agent: http.Agent, url: string, method: 'GET' | 'POST'): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(url, { method, agent, headers: method === 'POST' ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, ms: performance.now() - started }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, ms: performance.now() - started }));
    req.end(method === 'POST' ? BODY : undefined);
  });
}

interface Run {
  posts: Outcome[];
  probes: Outcome[];
  seconds: number;
  peakRssMb: number;
}

/** `clients` loops posting checkouts until `until()` says stop, and a /healthz probe every 20 ms. */
async function drive(server: RunningServer, clients: number, until: () => boolean): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const posts: Outcome[] = [];
  const probes: Outcome[] = [];
  let peakRssMb = 0;
  const started = performance.now();
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, memoryOf(server.process.pid!).rss)), 100);
  await Promise.all([
    ...Array.from({ length: clients }, async () => {
      while (!until()) posts.push(await request(agent, `${server.url}/api/checkout`, 'POST'));
    }),
    (async () => {
      while (!until()) {
        probes.push(await request(probeAgent, `${server.url}/healthz`, 'GET'));
        await new Promise((r) => setTimeout(r, 20));
      }
    })(),
  ]);
  clearInterval(sampler);
  agent.destroy();
  probeAgent.destroy();
  return { posts, probes, seconds: (performance.now() - started) / 1000, peakRssMb };
}

const p99 = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]! : NaN);
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(v < 10 ? 1 : 0)} ms`);

export async function runOverload(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  const S = 'overload';
  const seconds = options.loadSeconds;
  const peakClients = options.connections;
  const env = { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' };
  report.note(`overload: POST /api/checkout by ${peakClients} clients (the peak), then 3 and 10 times as many, ${seconds} s each, /healthz probed every 20 ms; then SIGTERM under 3x`);

  const server = await startServer({ env });
  let peak = 0;
  try {
    for (const factor of [1, 3, 10]) {
      log(`  overload: ${peakClients * factor} clients (${seconds} s)`);
      const end = performance.now() + seconds * 1000;
      const run = await drive(server, peakClients * factor, () => performance.now() >= end);
      const admitted = run.posts.filter((o) => o.status !== undefined && o.status < 300);
      const shed = run.posts.filter((o) => o.status === 503);
      const goodput = admitted.length / run.seconds;
      if (factor === 1) peak = goodput;
      const health = p99(run.probes.map((o) => o.ms));
      const label = factor === 1 ? 'peak' : `${factor}x clients`;
      const others = run.posts.length - admitted.length - shed.length;
      report.info(S, `${label}: goodput`, `${goodput.toFixed(0)} 2xx/s (${shed.length} shed, ${others} other) · peak RSS ${run.peakRssMb.toFixed(0)} MB`);
      if (factor > 1) report.check(S, `${label}: goodput of peak`, `${((goodput / peak) * 100).toFixed(0)}%`, `≥ ${BUDGETS.overloadGoodput * 100}%`, goodput >= peak * BUDGETS.overloadGoodput);
      report.check(S, `${label}: p99 of admitted`, ms(p99(admitted.map((o) => o.ms))), `< ${BUDGETS.overloadAdmittedP99Ms} ms`, p99(admitted.map((o) => o.ms)) < BUDGETS.overloadAdmittedP99Ms);
      if (shed.length) report.check(S, `${label}: p99 of shed`, ms(p99(shed.map((o) => o.ms))), `< ${BUDGETS.overloadShedP99Ms} ms`, p99(shed.map((o) => o.ms)) < BUDGETS.overloadShedP99Ms);
      report.check(S, `${label}: /healthz p99`, ms(health), `< ${BUDGETS.overloadHealthP99Ms} ms`, health < BUDGETS.overloadHealthP99Ms);
      report.check(S, `${label}: peak RSS`, `${run.peakRssMb.toFixed(0)} MB`, `< ${BUDGETS.serverRssMB} MB`, run.peakRssMb < BUDGETS.serverRssMB);
    }
  } finally {
    await server.stop();
  }

  log(`  overload: SIGTERM under ${peakClients * 3} clients`);
  const stopping = await startServer({ env });
  let stopSeen: number | undefined;
  const exited = new Promise<number | null>((resolve) => stopping.process.once('exit', resolve));
  const signalAt = performance.now() + 2_000;
  const watcher = setInterval(() => {
    if (stopSeen === undefined && performance.now() >= signalAt) {
      stopSeen = performance.now();
      stopping.process.kill('SIGTERM');
    }
  }, 10);
  // Like a balancer: it notices within a probe interval and stops sending.
  const run = await drive(stopping, peakClients * 3, () => stopSeen !== undefined && performance.now() >= stopSeen + 300);
  clearInterval(watcher);
  const code = await exited;
  const cut = run.posts.filter((o) => o.error !== undefined && o.error !== 'ECONNREFUSED');
  report.check(S, 'SIGTERM under 3x: requests cut', `${cut.length} of ${run.posts.length} (exit ${code})`, '0, exit 0', cut.length === 0 && code === 0);
}
