import fs from 'node:fs';
import autocannon from 'autocannon';
import { PLAN_IDS } from '../src/data/plans';
import { checkoutRequestSchema } from '../src/schemas';
import { startServer, type RunningServer } from '../tests/e2e/_lib/server';
import type { BenchOptions } from './config';
import { median, type Report } from './table';

/** Issue 22: measuring must cost little. Throughput with metrics on may trail metrics off by at most this share. */
export const METRICS_COST_BUDGET = 0.05;
const ROUNDS = 8;
/** Prometheus's default scrape interval is 15 s or more; three times as often here, so its cost counts. */
const SCRAPE_EVERY_MS = 5_000;
const TOKEN = 'bench-metrics-token-0123456789';

const TARGETS = [
  // The cheapest API answer: where a fixed per-request cost shows most.
  { label: 'GET /api/public-config', path: '/api/public-config', method: 'GET' as const },
  {
    label: 'POST /api/checkout',
    path: '/api/checkout',
    method: 'POST' as const,
    body: JSON.stringify(checkoutRequestSchema.parse({ planId: PLAN_IDS[1], customerName: 'Bench Mark', customerEmail: 'bench@example.com' })),
  },
];

/** CPU seconds the process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Two servers side by side, one with METRICS_TOKEN (metrics on, scraped every second as
 * Prometheus would) and one without, measured in alternating rounds so the machine's drifting
 * load falls on both alike. The budget is checked on requests per CPU-second of the server (its
 * throughput with a core to itself), as the median over the rounds of on/off measured back to
 * back: on a shared machine wall-clock req/s swing by half between rounds and even CPU per
 * request by a third, but two runs seconds apart meet about the same load. Each side's best
 * round and the wall-clock req/s are printed beside it.
 */
export async function runMetricsCost(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  const S = 'load';
  const seconds = Math.max(3, Math.round(options.loadSeconds / 2));
  const env = { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' };
  const servers: RunningServer[] = [];
  try {
    const off = await startServer({ env });
    servers.push(off);
    const on = await startServer({ env: { ...env, METRICS_TOKEN: TOKEN } });
    servers.push(on);
    for (const target of TARGETS) {
      const rps: { on: number[]; off: number[] } = { on: [], off: [] };
      const perCpu: { on: number[]; off: number[] } = { on: [], off: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate which goes first, so neither always meets a warmer or colder machine.
        const order = round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const);
        for (const which of order) {
          const server = which === 'on' ? on : off;
          log(`  load: metrics ${which}, ${target.label}, round ${round + 1}/${ROUNDS} (${seconds} s)`);
          const scraper = which === 'on' ? setInterval(() => void fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then((r) => r.text()), SCRAPE_EVERY_MS) : undefined;
          try {
            const opts = { url: server.url + target.path, connections: options.connections, method: target.method, headers: (target.body ? { 'content-type': 'application/json' } : {}) as Record<string, string>, body: target.body };
            await autocannon({ ...opts, duration: 1 });
            const cpuBefore = cpuSeconds(server.process.pid!);
            const r = await autocannon({ ...opts, duration: seconds });
            const cpu = cpuSeconds(server.process.pid!) - cpuBefore;
            if (r.non2xx + r.errors > 0) throw new Error(`${target.label} with metrics ${which}: ${r.non2xx} non-2xx, ${r.errors} errors`);
            rps[which].push(r.requests.average);
            perCpu[which].push(r.requests.total / cpu);
          } finally {
            clearInterval(scraper);
          }
        }
      }
      const cost = 1 - median(perCpu.on.map((on, i) => on / perCpu.off[i]!));
      const rounds = (v: number[]) => v.map(Math.round).join('/');
      const [a, b] = [Math.max(...perCpu.off), Math.max(...perCpu.on)];
      report.check(
        S,
        `metrics cost, ${target.label} (req per CPU-second)`,
        `${(cost * 100).toFixed(1)}% (median of ${ROUNDS} paired rounds; best off ${Math.round(a)} · on ${Math.round(b)}; rounds off ${rounds(perCpu.off)}, on ${rounds(perCpu.on)})`,
        `< ${METRICS_COST_BUDGET * 100}%`,
        cost < METRICS_COST_BUDGET,
      );
      const [x, y] = [median(rps.off), median(rps.on)];
      report.info(S, `metrics cost, ${target.label} (req/s, median)`, `off ${Math.round(x)} · on ${Math.round(y)} · ${(((x - y) / x) * 100).toFixed(1)}% (rounds off ${rounds(rps.off)}, on ${rounds(rps.on)})`);
    }
  } finally {
    for (const s of servers) {
      await s.stop();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}
