import fs from 'node:fs';
import net from 'node:net';
import { CLIENT_TIMEOUTS, CONNECTIONS_PER_ADDRESS, SERVER_MEMORY } from '../src/data/operations';
import { PLAN_IDS } from '../src/data/plans';
import http from 'node:http';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SANDBOX_EVENTS_URL, SANDBOX_KEYS_URL } from '../src/data/sandbox';
import { checkoutRequestSchema, contactRequestSchema, supportRequestSchema } from '../src/schemas';
import { formTokenFor } from '../tests/e2e/_lib/formToken';
import { startPostgres, type RestartablePostgres } from '../tests/_services';
import { startServer, type RunningServer } from '../tests/e2e/_lib/server';
import { BUDGETS, type BenchOptions } from './config';
import { memoryOf } from './load';
import { RawClient, type Outcome } from './rawClient';
import { startTs } from './spawn';
import type { Report } from './table';

/**
 * Issue 45's overload row: checkout posts at the concurrency the server sustains (the peak), then
 * at 3 and 10 times that many clients, each sending again as soon as it is answered, with a
 * balancer's probe of /healthz every 20 ms alongside (in a process of its own, healthProbe.ts);
 * then the peak's clients again beside a crowd
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
const SLOW_SENDERS = Number(process.env.MIX_SLOW ?? 1200);
const SLOW_BYTES = 8;
/** The contact form the slow senders and the trickle send: a body just under the JSON limit, and the request's head. */
const SLOW_FORM = (() => {
  const body = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.com', company: 'Slow', message: 'x'.repeat(16_000) });
  return { body, head: `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` };
})();
const SLOW_EVERY_MS = 200;

interface Run {
  posts: Outcome[];
  probes: Outcome[];
  seconds: number;
  peakRssMb: number;
  /** Share of one core the server and this process (the clients) used: a client at ~100% measures itself. */
  cpu: { server: ServerCpu; clients: number };
  connections: number;
}

/** CPU seconds each thread of a process has used so far, by thread id, with the thread's name (user and system, from /proc; 100 ticks a second on Linux). */
function threadCpuOf(pid: number): Map<string, { name: string; seconds: number }> {
  const threads = new Map<string, { name: string; seconds: number }>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended between the listing and the read
    }
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    threads.set(tid, { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
  }
  return threads;
}

/** Share of a core the server used between two readings, in all, on its main thread, and on V8's worker threads (the garbage collector's parallel and concurrent work). */
interface ServerCpu {
  total: number;
  main: number;
  gc: number;
}

/**
 * Starts measuring the server's CPU; the returned function gives the shares since. Why by thread:
 * on this 2-core machine the collector's threads compete with the main thread for a core, so a
 * row whose main thread is short of 100% while V8's workers are busy lost its goodput to the
 * garbage collector (a heap near its --max-old-space-size), not to its own work.
 */
function serverCpuSince(pid: number): (seconds: number) => ServerCpu {
  const before = threadCpuOf(pid);
  return (seconds) => {
    const shares: ServerCpu = { total: 0, main: 0, gc: 0 };
    for (const [tid, { name, seconds: used }] of threadCpuOf(pid)) {
      const share = (used - (before.get(tid)?.seconds ?? 0)) / seconds;
      shares.total += share;
      if (tid === String(pid)) shares.main += share;
      else if (name === 'V8Worker') shares.gc += share;
    }
    return shares;
  };
}

const percent = (share: number) => `${(share * 100).toFixed(0)}%`;
const serverCpuOf = (cpu: ServerCpu) => `server ${percent(cpu.total)} (main thread ${percent(cpu.main)}, V8's GC threads ${percent(cpu.gc)})`;

/** Starts the balancer's probe of `path` every 20 ms, in a process of its own (bench/healthProbe.ts). */
async function startProbe(server: RunningServer, path = '/healthz'): Promise<() => Promise<Outcome[]>> {
  const probe = await startTs('bench/healthProbe.ts', [`${server.url}${path}`, '20']);
  return async () => {
    const output = await probe.stop();
    const line = output.split('\n').find((l) => l.startsWith('['));
    if (!line) throw new Error(`the health probe printed no figures:\n${output}`);
    return JSON.parse(line) as Outcome[];
  };
}

/**
 * `clients` loops posting checkouts until `until()` says stop, beside the balancer's probe. Each
 * sends again at once, shed or not, unless `politely`: then a 503 waits out its Retry-After, as
 * the HTTP clients that honour it (browsers' retries do not; most SDKs and balancers do) would.
 */
async function drive(server: RunningServer, clients: number, until: () => boolean, politely = false): Promise<Run> {
  const { hostname, port } = new URL(server.url);
  const post = Buffer.from(`POST /api/checkout HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`);
  const connections = Array.from({ length: clients }, (_, i) => new RawClient({ host: hostname, port: Number(port) }, loopback(i), post));
  const posts: Outcome[] = [];
  let peakRssMb = 0;
  const stopProbe = await startProbe(server);
  const started = performance.now();
  const serverCpu = serverCpuSince(server.process.pid!);
  const clientCpu = process.cpuUsage();
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, memoryOf(server.process.pid!).rss)), 100);
  await Promise.all(
    connections.map(async (client) => {
      while (!until()) {
        const outcome = await client.send();
        posts.push(outcome);
        if (politely && outcome.status === 503 && outcome.retryAfterS) await new Promise((r) => setTimeout(r, outcome.retryAfterS! * 1000));
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const clientUsage = process.cpuUsage(clientCpu);
  const cpu = { server: serverCpu(seconds), clients: (clientUsage.user + clientUsage.system) / 1e6 / seconds };
  const probes = await stopProbe();
  for (const client of connections) client.close();
  return { posts, probes, seconds, peakRssMb, cpu, connections: connections.reduce((n, c) => n + c.connections, 0) };
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
  const { body, head } = SLOW_FORM;
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

/**
 * Overload's memory budget is the memory the Operations page tells an operator to give an
 * instance (issue 45: "the budget is what an operator can set"), not the load section's, which is
 * for 50 connections: 500 clients, or 1,250 connections with slow senders, hold more.
 */
const MEMORY_BUDGET = `< ${SERVER_MEMORY.instanceMb} MB (an instance's memory)`;

const quantile = (values: number[], q: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]! : NaN);
const p99 = (values: number[]) => quantile(values, 0.99);
/** The balancer's view: p99 of the probes, and how many were not answered 200 (each would count against the instance). */
function healthOf(probes: Outcome[]): { figure: string; ok: boolean } {
  const p = p99(probes.map((o) => o.ms));
  const failed = probes.filter((o) => o.status !== 200).length;
  return { figure: `${ms(p)}${failed ? ` (${failed} of ${probes.length} not 200)` : ''}`, ok: p < BUDGETS.overloadHealthP99Ms && failed === 0 };
}
const cpuOf = (run: Run) => `${run.connections} connections · CPU: ${serverCpuOf(run.cpu.server)}, clients ${percent(run.cpu.clients)} of a core`;
const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(v < 10 ? 1 : 0)} ms`);

export async function runOverload(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  const S = 'overload';
  const seconds = options.loadSeconds;
  const peakClients = options.connections;
  const env = { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' };
  report.note(
    `overload: POST /api/checkout by ${peakClients} clients (the peak), then 3 and 10 times as many, then ${peakClients} beside ${SLOW_SENDERS} connections sending a 16 KB form body ${SLOW_BYTES} bytes every ${SLOW_EVERY_MS} ms, ${seconds} s each, /healthz probed every 20 ms; then ${TRICKLE.addresses * CONNECTIONS_PER_ADDRESS} connections trickling that body one byte per packet for ${TRICKLE.seconds} s; then PostgreSQL frozen for ${FREEZE_MS / 1000} s under the peak's clients and ${ARRIVALS_PER_S} new requests a second; then issue 45's mix (${MIX.keys * MIX.streamsPerKey} event streams, ${SLOW_SENDERS} slow senders, ${MIX.posters} form posters, ${MIX.mcp} MCP clients); then SIGTERM under 3x. Each client has a loopback address of its own`,
  );

  let server = await startServer({ env });
  let peak = 0;
  try {
    // The budgets are judged with clients that re-send at once: the worst case. A last row at 10x
    // shows the same crowd waiting out Retry-After, as well-behaved clients do.
    for (const [factor, politely] of [[1, false], [3, false], [10, false], [10, true]] as const) {
      log(`  overload: ${peakClients * factor} clients${politely ? ' honouring Retry-After' : ''} (${seconds} s)`);
      const end = performance.now() + seconds * 1000;
      const run = await drive(server, peakClients * factor, () => performance.now() >= end, politely);
      const admitted = run.posts.filter((o) => o.status !== undefined && o.status < 300);
      const shed = run.posts.filter((o) => o.status === 503);
      const goodput = admitted.length / run.seconds;
      if (factor === 1) peak = goodput;
      const health = healthOf(run.probes);
      const label = factor === 1 ? 'peak' : `${factor}x clients${politely ? ' honouring Retry-After' : ''}`;
      const others = run.posts.length - admitted.length - shed.length;
      // The polite row is shown beside the budgets, not judged by them.
      const judge = (name: string, figure: string, budget: string, ok: boolean) =>
        politely ? report.info(S, name, `${figure} (budget ${budget}: ${ok ? 'met' : 'missed'})`) : report.check(S, name, figure, budget, ok);
      // Little's law: clients that each wait for their answer wait on average clients / answers per
      // second, whatever the server does; at the peak's pace that is the least mean time possible.
      const floor = factor > 1 ? ` · least possible mean at the peak's pace: ${ms(((peakClients * factor) / peak) * 1000)}` : '';
      report.info(S, `${label}: goodput`, `${goodput.toFixed(0)} 2xx/s (${shed.length} shed, ${others} other) · admitted p50/p90 ${ms(quantile(admitted.map((o) => o.ms), 0.5))}/${ms(quantile(admitted.map((o) => o.ms), 0.9))} · peak RSS ${run.peakRssMb.toFixed(0)} MB · ${cpuOf(run)}${floor}`);
      if (factor > 1) judge(`${label}: goodput of peak`, `${((goodput / peak) * 100).toFixed(0)}%`, `≥ ${BUDGETS.overloadGoodput * 100}%`, goodput >= peak * BUDGETS.overloadGoodput);
      judge(`${label}: p99 of admitted`, ms(p99(admitted.map((o) => o.ms))), `< ${BUDGETS.overloadAdmittedP99Ms} ms`, p99(admitted.map((o) => o.ms)) < BUDGETS.overloadAdmittedP99Ms);
      if (shed.length) judge(`${label}: p99 of shed`, ms(p99(shed.map((o) => o.ms))), `< ${BUDGETS.overloadShedP99Ms} ms`, p99(shed.map((o) => o.ms)) < BUDGETS.overloadShedP99Ms);
      judge(`${label}: /healthz p99`, health.figure, `< ${BUDGETS.overloadHealthP99Ms} ms, all 200`, health.ok);
      judge(`${label}: peak RSS`, `${run.peakRssMb.toFixed(0)} MB`, MEMORY_BUDGET, run.peakRssMb < SERVER_MEMORY.instanceMb);
    }

    log(`  overload: ${peakClients} clients beside ${SLOW_SENDERS} slow senders (${seconds} s)`);
    // On a fresh server, as the peak was measured: the rows above leave some 250,000 orders and a
    // grown heap behind, and this row is about the crowd, not about what they left.
    await server.stop();
    server = await startServer({ env });
    const crowd = await slowCrowd(server, SLOW_SENDERS);
    const end = performance.now() + seconds * 1000;
    const run = await drive(server, peakClients, () => performance.now() >= end);
    const open = crowd.open();
    const ended = [...crowd.ended()].map(([how, n]) => `${n} ${how}`).join(', ') || 'none';
    crowd.stop();
    const admitted = run.posts.filter((o) => o.status !== undefined && o.status < 300);
    const shed = run.posts.filter((o) => o.status === 503).length;
    const goodput = admitted.length / run.seconds;
    const health = healthOf(run.probes);
    const label = 'slow senders';
    report.info(S, `${label}: crowd`, `${open} of ${SLOW_SENDERS} still sending at the end (others: ${ended})`);
    report.info(S, `${label}: goodput`, `${goodput.toFixed(0)} 2xx/s (${shed} shed, ${run.posts.length - admitted.length - shed} other) · peak RSS ${run.peakRssMb.toFixed(0)} MB · ${cpuOf(run)}`);
    report.check(S, `${label}: goodput of peak`, `${((goodput / peak) * 100).toFixed(0)}%`, `≥ ${BUDGETS.overloadGoodput * 100}%`, goodput >= peak * BUDGETS.overloadGoodput);
    report.check(S, `${label}: p99 of admitted`, ms(p99(admitted.map((o) => o.ms))), `< ${BUDGETS.overloadAdmittedP99Ms} ms`, p99(admitted.map((o) => o.ms)) < BUDGETS.overloadAdmittedP99Ms);
    report.check(S, `${label}: /healthz p99`, health.figure, `< ${BUDGETS.overloadHealthP99Ms} ms, all 200`, health.ok);
    report.check(S, `${label}: peak RSS`, `${run.peakRssMb.toFixed(0)} MB`, MEMORY_BUDGET, run.peakRssMb < SERVER_MEMORY.instanceMb);
  } finally {
    await server.stop();
  }

  await trickle(report, log);
  await frozenDatabase(options, report, log);
  await issueMix(options, report, log);

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
  const byError = new Map<string, number>();
  for (const o of cut) byError.set(o.error!, (byError.get(o.error!) ?? 0) + 1);
  const how = [...byError].map(([error, n]) => `${n} ${error}`).join(', ');
  report.check(S, 'SIGTERM under 3x: requests cut', `${cut.length} of ${run.posts.length}${how ? ` (${how})` : ''} (exit ${code})`, '0, exit 0', cut.length === 0 && code === 0);
}

/**
 * A body trickled one byte per packet, from every connection a few addresses may open: the form's
 * 16 kB body over most of the server's time limit for a request (CLIENT_TIMEOUTS.requestMs). Before
 * http/jsonBody.ts, each byte cost 32 bytes of heap until the body was complete, and this crowd
 * exhausted the 96 MB heap in 19 s: the process died with every request it held.
 */
const TRICKLE = { addresses: 4, seconds: Math.floor((CLIENT_TIMEOUTS.requestMs * 0.8) / 1000) };

async function trickle(report: Report, log: (line: string) => void): Promise<void> {
  const S = 'overload';
  const count = TRICKLE.addresses * CONNECTIONS_PER_ADDRESS;
  const label = `trickle: ${count} bodies one byte per packet`;
  log(`  overload: ${label} (${TRICKLE.seconds} s)`);
  const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' } });
  const { body, head } = SLOW_FORM;
  const sockets: net.Socket[] = [];
  let sent = 0;
  let peakRssMb = 0;
  const exited = new Promise<string>((resolve) => server.process.once('exit', (code, signal) => resolve(`exited (${signal ?? code})`)));
  try {
    for (let i = 0; i < count; i++) {
      const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: `127.0.3.${1 + Math.floor(i / CONNECTIONS_PER_ADDRESS)}`, noDelay: true });
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => socket.write(head, () => resolve())));
      sockets.push(socket);
    }
    const probes = await startProbe(server);
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, memoryOf(server.process.pid!).rss)), 100);
    // As fast as this process can write: one byte to each connection in turn, each its own packet.
    const end = performance.now() + TRICKLE.seconds * 1000;
    while (performance.now() < end && server.process.exitCode === null && server.process.signalCode === null) {
      for (const socket of sockets) if (!socket.destroyed && socket.writableLength === 0) socket.write(body[sent % body.length]!);
      sent++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    clearInterval(sampler);
    const health = healthOf(await probes());
    const alive = server.process.exitCode === null && server.process.signalCode === null;
    const open = sockets.filter((s) => !s.destroyed).length;
    report.info(S, `${label}: crowd`, `${open} of ${count} still sending after ${TRICKLE.seconds} s, ~${Math.min(sent, body.length)} bytes each`);
    report.check(S, `${label}: server`, alive ? 'alive' : await exited, 'alive', alive);
    report.check(S, `${label}: /healthz p99`, health.figure, `< ${BUDGETS.overloadHealthP99Ms} ms, all 200`, health.ok);
    report.check(S, `${label}: peak RSS`, `${peakRssMb.toFixed(0)} MB`, MEMORY_BUDGET, peakRssMb < SERVER_MEMORY.instanceMb);
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}

/**
 * A database that stops answering: PostgreSQL frozen (SIGSTOP, connections open, queries hanging)
 * for FREEZE_MS, after a warm-up at the peak's clients, while those clients keep their requests
 * going and new ones arrive at ARRIVALS_PER_S, as visitors would. Shedding's own case: the process
 * has CPU to spare, so what it holds is what the admission limit allows and the rest must be told
 * at once; once the database thaws, everything held must be answered. Shorter than the pool's
 * 5 s wait for a connection (db/postgres.ts), past which the held requests would fail.
 */
const FREEZE_MS = 3_000;
const ARRIVALS_PER_S = 200;

async function frozenDatabase(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  const S = 'overload';
  const label = `PostgreSQL frozen ${FREEZE_MS / 1000} s`;
  let postgres: RestartablePostgres;
  try {
    postgres = await startPostgres();
  } catch (err) {
    report.info(S, label, `skipped: no postgres (${(err as Error).message.split(':')[0]})`);
    return;
  }
  log(`  overload: ${label} under ${options.connections} clients and ${ARRIVALS_PER_S} arrivals a second`);
  const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error', DATABASE_URL: postgres.url } });
  try {
    const { hostname, port } = new URL(server.url);
    const post = Buffer.from(`POST /api/checkout HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n\r\n${BODY}`);
    // The limit learns PostgreSQL's pace first.
    const warm = performance.now() + 2_000;
    await drive(server, options.connections, () => performance.now() >= warm);

    // New visitors: each request on a connection of its own address that is not waiting already.
    const arrivals = Array.from({ length: ARRIVALS_PER_S * 4 }, (_, i) => ({ client: new RawClient({ host: hostname, port: Number(port) }, loopback(5_000 + i), post), busy: false }));
    const sent: (Outcome & { at: number })[] = [];
    const pending: Promise<void>[] = [];
    let frozeAt = Infinity;
    let thawedAt = Infinity;
    let starved = 0;
    const arrive = setInterval(() => {
      const free = arrivals.find((a) => !a.busy);
      if (!free) return void starved++;
      free.busy = true;
      const at = performance.now();
      pending.push(
        free.client.send().then((outcome) => {
          sent.push({ ...outcome, at });
          free.busy = false;
        }),
      );
    }, 1_000 / ARRIVALS_PER_S);
    const freeze = setTimeout(() => {
      frozeAt = performance.now();
      postgres.pause();
    }, 1_000);
    const thaw = setTimeout(() => {
      thawedAt = performance.now();
      postgres.resume();
    }, 1_000 + FREEZE_MS);
    const end = performance.now() + 1_000 + FREEZE_MS + 2_000;
    const run = await drive(server, options.connections, () => performance.now() >= end);
    clearInterval(arrive);
    clearTimeout(freeze);
    clearTimeout(thaw);
    await Promise.all(pending);
    for (const a of arrivals) a.client.close();

    const during = sent.filter((o) => o.at >= frozeAt && o.at < thawedAt);
    const shed = during.filter((o) => o.status === 503);
    const held = during.filter((o) => o.status !== undefined && o.status < 300);
    const everything = [...run.posts, ...sent];
    const failed = everything.filter((o) => o.status === undefined || (o.status >= 300 && o.status !== 503));
    const byStatus = new Map<string, number>();
    for (const o of failed) byStatus.set(String(o.status ?? o.error), (byStatus.get(String(o.status ?? o.error)) ?? 0) + 1);
    report.info(
      S,
      `${label}: arrivals`,
      `${during.length} arrived while frozen: ${shed.length} answered 503, ${held.length} held and answered 2xx after (slowest ${ms(Math.max(0, ...held.map((o) => o.ms)))})${starved ? ` · ${starved} arrivals found no free connection` : ''}`,
    );
    if (shed.length) report.check(S, `${label}: p99 of shed`, ms(p99(shed.map((o) => o.ms))), `< ${BUDGETS.overloadShedP99Ms} ms`, p99(shed.map((o) => o.ms)) < BUDGETS.overloadShedP99Ms);
    else report.check(S, `${label}: p99 of shed`, 'nothing shed', 'arrivals past the limit refused', false);
    const health = healthOf(run.probes);
    report.check(S, `${label}: /healthz p99`, health.figure, `< ${BUDGETS.overloadHealthP99Ms} ms, all 200`, health.ok);
    report.check(S, `${label}: requests failed`, `${failed.length} of ${everything.length}${failed.length ? ` (${[...byStatus].map(([k, n]) => `${n} ${k}`).join(', ')})` : ''}`, '0: every request held is answered 2xx', failed.length === 0);
  } finally {
    await server.stop();
    postgres.stop();
  }
}

/**
 * Issue 45's own mix, for the section's seconds: event streams (MIX.streamsPerKey on each of
 * MIX.keys sandbox keys, a key per address), SLOW_SENDERS slow senders, MIX.posters kept-alive
 * connections posting support and contact forms as fast as they are answered, and MIX.mcp MCP
 * clients (the official SDK's) calling search_docs and read_page; a balancer's probes of /healthz
 * and /readyz beside them. Every ticket acknowledged must be in the database afterwards.
 */
const MIX = { keys: Number(process.env.MIX_KEYS ?? 99), streamsPerKey: 5, posters: Number(process.env.MIX_POSTERS ?? 100), mcp: Number(process.env.MIX_MCP ?? 16) };

/** POST `path` with `body` from `localAddress`; the answer's status and JSON. */
function postFrom(url: string, localAddress: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(url, { method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

export async function issueMix(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  const S = 'overload';
  const label = "issue 45's mix";
  const seconds = options.loadSeconds;
  log(`  overload: ${label} (${seconds} s)`);
  const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' } });
  const { hostname, port } = new URL(server.url);
  let stopServer = true;
  // Probes left running by a failed run would go on loading the machine under every later figure.
  const probes: (() => Promise<Outcome[]>)[] = [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < MIX.keys; i++) {
      const minted = await postFrom(server.url + SANDBOX_KEYS_URL, loopback(10_000 + i), { plan: 'enterprise' });
      if (minted.status !== 201) throw new Error(`minting a sandbox key answered ${minted.status}: ${JSON.stringify(minted.json)}`);
      keys.push(String(minted.json.key));
    }
    // The streams: a status line each, then the server's events and heartbeats, read and dropped.
    const streams = keys.flatMap((key, i) =>
      Array.from({ length: MIX.streamsPerKey }, () => {
        const stream: { socket: net.Socket; status?: string } = { socket: net.connect({ host: hostname, port: Number(port), localAddress: loopback(10_000 + i) }) };
        stream.socket.on('data', (d: Buffer) => (stream.status ??= /^HTTP\/1\.1 (\d+)/.exec(d.toString('latin1'))?.[1] ?? 'data'));
        stream.socket.on('error', (err: NodeJS.ErrnoException) => (stream.status ??= err.code ?? err.message));
        stream.socket.write(`GET ${SANDBOX_EVENTS_URL} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nAccept: text/event-stream\r\n\r\n`);
        return stream;
      }),
    );
    const crowd = await slowCrowd(server, SLOW_SENDERS);
    const formToken = formTokenFor(server.dataDir);
    const forms = [
      { path: '/api/support', body: supportRequestSchema.parse({ name: 'Bench Mark', email: 'bench@example.com', subject: 'Launch day', message: 'A support message sent during the launch-day mix. Please ignore, this is a benchmark.', priority: 'medium', category: 'technical', formToken }) },
      { path: '/api/contact', body: contactRequestSchema.parse({ name: 'Bench Mark', email: 'bench@example.com', message: 'Hello sales, sent during the launch-day mix.', formToken }) },
    ].map(({ path: p, body }) => {
      const json = JSON.stringify(body);
      return { path: p, request: Buffer.from(`POST ${p} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`) };
    });
    const posters = Array.from({ length: MIX.posters }, (_, i) => ({ path: forms[i % 2]!.path, client: new RawClient({ host: hostname, port: Number(port) }, loopback(20_000 + i), forms[i % 2]!.request) }));

    probes.push(await startProbe(server, '/healthz'), await startProbe(server, '/readyz'));
    let peakRssMb = 0;
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, memoryOf(server.process.pid!).rss)), 100);
    const serverCpu = serverCpuSince(server.process.pid!);
    const clientCpu = process.cpuUsage();
    const end = performance.now() + seconds * 1000;
    const posts: (Outcome & { path: string })[] = [];
    const mcp = { calls: 0, failed: new Map<string, number>() };
    await Promise.all([
      ...posters.map(async ({ path: p, client }) => {
        while (performance.now() < end) posts.push({ ...(await client.send()), path: p });
      }),
      ...Array.from({ length: MIX.mcp }, async () => {
        const client = new McpClient({ name: 'bench', version: '1.0.0' });
        // Shedding may refuse the handshake too: like a client that honours Retry-After, try again.
        for (;;) {
          try {
            await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
            break;
          } catch (err) {
            const reason = `connect: ${(err as Error).message.slice(0, 50)}`;
            mcp.failed.set(reason, (mcp.failed.get(reason) ?? 0) + 1);
            if (performance.now() >= end) return;
            await new Promise((r) => setTimeout(r, 1_000));
          }
        }
        while (performance.now() < end) {
          for (const [name, args] of [['search_docs', { query: 'webhook signature' }], ['read_page', { path: '/documentation/webhooks' }]] as const) {
            try {
              const result = await client.callTool({ name, arguments: args });
              if (result.isError) throw new Error(`${name} answered an error`);
              mcp.calls++;
            } catch (err) {
              const reason = (err as Error).message.slice(0, 60);
              mcp.failed.set(reason, (mcp.failed.get(reason) ?? 0) + 1);
            }
          }
        }
        await client.close();
      }),
    ]);
    clearInterval(sampler);
    const clientUsage = process.cpuUsage(clientCpu);
    const cpu = `CPU: ${serverCpuOf(serverCpu(seconds))}, clients ${percent((clientUsage.user + clientUsage.system) / 1e6 / seconds)} of a core`;
    const [health, ready] = [await probes[0]!(), await probes[1]!()];
    probes.length = 0;
    const open = streams.filter((s) => s.status === '200' && !s.socket.destroyed).length;
    const streamEnds = new Map<string, number>();
    for (const s of streams) if (s.status !== '200') streamEnds.set(String(s.status), (streamEnds.get(String(s.status)) ?? 0) + 1);
    const crowdOpen = crowd.open();
    crowd.stop();
    for (const s of streams) s.socket.destroy();
    for (const { client } of posters) client.close();

    const answered = (p: string) => posts.filter((o) => o.path === p && o.status !== undefined && o.status < 300);
    const tickets = answered('/api/support').length;
    const admitted = posts.filter((o) => o.status !== undefined && o.status < 300);
    const shed = posts.filter((o) => o.status === 503).length;
    const others = posts.length - admitted.length - shed;
    stopServer = false;
    await server.stop();
    const db = new BetterSqlite3(path.join(server.dataDir, 'platform.db'), { readonly: true, fileMustExist: true });
    const stored = (db.prepare('SELECT COUNT(*) AS n FROM support_tickets').get() as { n: number }).n;
    db.close();

    report.info(S, `${label}: load`, `${open} of ${streams.length} event streams open at the end${streamEnds.size ? ` (others: ${[...streamEnds].map(([k, n]) => `${n} ${k}`).join(', ')})` : ''} · ${crowdOpen} of ${SLOW_SENDERS} slow senders still sending · ${MIX.mcp} MCP clients: ${mcp.calls} calls answered${mcp.failed.size ? `, failed: ${[...mcp.failed].map(([k, n]) => `${n} × ${k}`).join('; ')}` : ''} · ${cpu}`);
    report.info(S, `${label}: forms`, `${(admitted.length / seconds).toFixed(0)} 2xx/s (${tickets} tickets, ${answered('/api/contact').length} contact messages; ${shed} shed, ${others} other) · admitted p50/p99 ${ms(quantile(admitted.map((o) => o.ms), 0.5))}/${ms(p99(admitted.map((o) => o.ms)))}`);
    const probe = (name: string, probes: Outcome[]) => {
      const figure = healthOf(probes);
      report.check(S, `${label}: ${name} p99`, figure.figure, `< ${BUDGETS.overloadHealthP99Ms} ms, all 200`, figure.ok);
    };
    probe('/healthz', health);
    probe('/readyz', ready);
    // The issue holds the 3x and 10x rows to this budget; the mix's is shown beside it.
    const formsP99 = p99(admitted.map((o) => o.ms));
    report.info(S, `${label}: p99 of admitted forms`, `${ms(formsP99)} (the 3x and 10x rows' budget, < ${BUDGETS.overloadAdmittedP99Ms} ms: ${formsP99 < BUDGETS.overloadAdmittedP99Ms ? 'met' : 'missed'})`);
    report.check(S, `${label}: tickets stored`, `${stored} stored of ${tickets} acknowledged`, 'every acknowledged one', stored >= tickets && tickets > 0);
    report.check(S, `${label}: peak RSS`, `${peakRssMb.toFixed(0)} MB`, MEMORY_BUDGET, peakRssMb < SERVER_MEMORY.instanceMb);
  } finally {
    for (const stop of probes) await stop().catch(() => undefined);
    if (stopServer) await server.stop();
  }
}
