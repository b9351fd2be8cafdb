import http from 'node:http';
import net from 'node:net';
import { PLAN_IDS } from '../src/data/plans';
import { checkoutRequestSchema } from '../src/schemas';
import { startServer, type RunningServer } from '../tests/e2e/_lib/server';
import { BUDGETS, type BenchOptions } from './config';
import { memoryOf } from './load';
import type { Report } from './table';

/**
 * Issue 45's overload row: checkout posts at the concurrency the server sustains (the peak), then
 * at 3 and 10 times that many clients, each sending again as soon as it is answered, with a
 * balancer's probe of /healthz every 20 ms alongside; then the peak's clients again beside a crowd
 * of SLOW_SENDERS connections each trickling a near-limit form body; then a graceful stop under 3x
 * load, the clients stopping like a balancer 300 ms after /readyz first answers 503. Every
 * request's own status and time are kept (autocannon's histogram mixes admitted and shed answers).
 */
const BODY = JSON.stringify(checkoutRequestSchema.parse({ planId: PLAN_IDS[1], customerName: 'Bench Mark', customerEmail: 'bench@example.com' }));

/**
 * Each client connects from an address of its own (all of 127/8 is this machine), as the many
 * clients it stands for would: what is measured is the server under their load, not the
 * per-address connection cap (CONNECTIONS_PER_ADDRESS), which would refuse one address's crowd.
 */
const loopback = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${2 + (i % 250)}`;

/**
 * Issue 45's slow senders: this many connections, each sending a form body just under the JSON
 * limit a few bytes at a time (SLOW_BYTES every SLOW_EVERY_MS), never finishing within a run.
 */
const SLOW_SENDERS = 1_200;
const SLOW_BYTES = 8;
const SLOW_EVERY_MS = 200;

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
  const agents = Array.from({ length: clients }, (_, i) => new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: loopback(i) }));
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const posts: Outcome[] = [];
  const probes: Outcome[] = [];
  let peakRssMb = 0;
  const started = performance.now();
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, memoryOf(server.process.pid!).rss)), 100);
  await Promise.all([
    ...agents.map(async (agent) => {
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
  for (const agent of agents) agent.destroy();
  probeAgent.destroy();
  return { posts, probes, seconds: (performance.now() - started) / 1000, peakRssMb };
}

interface Crowd {
  /** Connections the server accepted and kept open until the run ended. */
  open: () => number;
  /** How the others ended: the server's status line, or the socket's error. */
  ended: () => Map<string, number>;
  stop: () => void;
}

/** Opens `count` connections, each sending the head of a POST and then its body a few bytes at a time, until stop(). */
async function slowCrowd(server: RunningServer, count: number): Promise<Crowd> {
  const body = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.com', company: 'Slow', message: 'x'.repeat(16_000) });
  const head = `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const { port } = new URL(server.url);
  const senders: { socket: net.Socket; sent: number; end?: string }[] = [];
  let stopping = false;
  // In batches, so the crowd is open before the clock starts rather than while it runs.
  for (let first = 0; first < count; first += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - first) }, (_, k) => {
        const sender: (typeof senders)[number] = { socket: net.connect({ host: '127.0.0.1', port: Number(port), localAddress: loopback(first + k) }), sent: 0 };
        senders.push(sender);
        const { socket } = sender;
        socket.on('data', (d: Buffer) => (sender.end ??= /^HTTP\/1\.1 (\d+)/.exec(d.toString('latin1'))?.[1] ?? 'data'));
        socket.on('error', (err: NodeJS.ErrnoException) => (sender.end ??= err.code ?? err.message));
        socket.on('close', () => (sender.end ??= stopping ? undefined : 'closed'));
        return new Promise<void>((resolve) => {
          socket.once('connect', () => socket.write(head, () => resolve()));
          socket.once('error', () => resolve());
        });
      }),
    );
  }
  // A slice of the crowd each tick, so the bytes arrive spread out as a crowd's would.
  const tickMs = 20;
  const slices = SLOW_EVERY_MS / tickMs;
  let tick = 0;
  const timer = setInterval(() => {
    for (let i = tick++ % slices; i < senders.length; i += slices) {
      const s = senders[i]!;
      if (s.end !== undefined || s.socket.destroyed || s.sent + SLOW_BYTES >= body.length) continue;
      s.socket.write(body.slice(s.sent, s.sent + SLOW_BYTES));
      s.sent += SLOW_BYTES;
    }
  }, tickMs);
  return {
    open: () => senders.filter((s) => s.end === undefined && !s.socket.destroyed).length,
    ended: () => {
      const counts = new Map<string, number>();
      for (const s of senders) if (s.end !== undefined) counts.set(s.end, (counts.get(s.end) ?? 0) + 1);
      return counts;
    },
    stop: () => {
      stopping = true;
      clearInterval(timer);
      for (const s of senders) s.socket.destroy();
    },
  };
}

const p99 = (values: number[]) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]! : NaN);
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(v < 10 ? 1 : 0)} ms`);

export async function runOverload(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  const S = 'overload';
  const seconds = options.loadSeconds;
  const peakClients = options.connections;
  const env = { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' };
  report.note(
    `overload: POST /api/checkout by ${peakClients} clients (the peak), then 3 and 10 times as many, then ${peakClients} beside ${SLOW_SENDERS} connections sending a 16 KB form body ${SLOW_BYTES} bytes every ${SLOW_EVERY_MS} ms, ${seconds} s each, /healthz probed every 20 ms; then SIGTERM under 3x. Each client has a loopback address of its own`,
  );

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

    log(`  overload: ${peakClients} clients beside ${SLOW_SENDERS} slow senders (${seconds} s)`);
    const crowd = await slowCrowd(server, SLOW_SENDERS);
    const end = performance.now() + seconds * 1000;
    const run = await drive(server, peakClients, () => performance.now() >= end);
    const open = crowd.open();
    const ended = [...crowd.ended()].map(([how, n]) => `${n} ${how}`).join(', ') || 'none';
    crowd.stop();
    const admitted = run.posts.filter((o) => o.status !== undefined && o.status < 300);
    const shed = run.posts.filter((o) => o.status === 503).length;
    const goodput = admitted.length / run.seconds;
    const health = p99(run.probes.map((o) => o.ms));
    const label = 'slow senders';
    report.info(S, `${label}: crowd`, `${open} of ${SLOW_SENDERS} still sending at the end (others: ${ended})`);
    report.info(S, `${label}: goodput`, `${goodput.toFixed(0)} 2xx/s (${shed} shed, ${run.posts.length - admitted.length - shed} other) · peak RSS ${run.peakRssMb.toFixed(0)} MB`);
    report.check(S, `${label}: goodput of peak`, `${((goodput / peak) * 100).toFixed(0)}%`, `≥ ${BUDGETS.overloadGoodput * 100}%`, goodput >= peak * BUDGETS.overloadGoodput);
    report.check(S, `${label}: p99 of admitted`, ms(p99(admitted.map((o) => o.ms))), `< ${BUDGETS.overloadAdmittedP99Ms} ms`, p99(admitted.map((o) => o.ms)) < BUDGETS.overloadAdmittedP99Ms);
    report.check(S, `${label}: /healthz p99`, ms(health), `< ${BUDGETS.overloadHealthP99Ms} ms`, health < BUDGETS.overloadHealthP99Ms);
    report.check(S, `${label}: peak RSS`, `${run.peakRssMb.toFixed(0)} MB`, `< ${BUDGETS.serverRssMB} MB`, run.peakRssMb < BUDGETS.serverRssMB);
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
