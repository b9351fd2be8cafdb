import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { FormTokens } from '../api-server/src/form-token/tokens';
import { MIN_FILL_MS } from '../src/schemas/common';
import { freePort, startPostgres, type RunningService } from '../tests/_services';
import { formTokenFor } from '../tests/e2e/_lib/formToken';
import { PLAN_IDS } from '../src/data/plans';
import { WHITE_LABEL_DEFAULTS } from '../src/data/whiteLabel';
import { checkoutRequestSchema, contactRequestSchema, supportRequestSchema, whiteLabelConfigSchema } from '../src/schemas';
import { ADMIN, startServer } from '../tests/e2e/_lib/server';
import { BUDGETS, type BenchOptions } from './config';
import { startTs } from './spawn';
import { median, type Report } from './table';

interface Endpoint {
  label: string;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  /** POSTs that store a record (and its mail) before answering: the throughput budget applies. */
  durable: boolean;
  auth?: boolean;
  /** A public form: the body carries a form token signed with the server's key, old enough to count as a person's. */
  form?: boolean;
  /** Extra headers; autocannon replaces `[<id>]` with a fresh id per request (a new Idempotency-Key each time). */
  headers?: Record<string, string>;
}

const BASIC = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

// Bodies are parsed by the shared zod schemas first, so a schema change breaks here, loudly.
const ENDPOINTS: Endpoint[] = [
  {
    label: 'POST /api/support',
    path: '/api/support',
    method: 'POST',
    durable: true,
    form: true,
    body: supportRequestSchema.parse({
      name: 'Bench Mark',
      email: 'bench@example.com',
      subject: 'Load test ticket',
      message: 'A realistic support message of a couple of sentences. Please ignore, this is a benchmark.',
      priority: 'medium',
      category: 'technical',
    }),
  },
  {
    label: 'POST /api/contact',
    path: '/api/contact',
    method: 'POST',
    durable: true,
    form: true,
    body: contactRequestSchema.parse({
      name: 'Bench Mark',
      email: 'bench@example.com',
      message: 'Hello sales, this is a benchmark message.',
    }),
  },
  {
    label: 'POST /api/checkout',
    path: '/api/checkout',
    method: 'POST',
    durable: true,
    body: checkoutRequestSchema.parse({ planId: PLAN_IDS[1], customerName: 'Bench Mark', customerEmail: 'bench@example.com' }),
  },
  {
    // The site's own checkout always sends a key: the path its customers take.
    label: 'POST /api/checkout with Idempotency-Key',
    path: '/api/checkout',
    method: 'POST',
    durable: true,
    headers: { 'Idempotency-Key': 'bench-[<id>]' },
    body: checkoutRequestSchema.parse({ planId: PLAN_IDS[1], customerName: 'Bench Mark', customerEmail: 'bench@example.com' }),
  },
  { label: 'GET /api/white-label/config', path: '/api/white-label/config', method: 'GET', durable: false, auth: true },
  // The API's fixed cost: every /api request's routing, headers, limiter and answer around a
  // handler that does nothing. The durable POSTs' ratios cannot rise above this one's.
  { label: 'GET /api/public-config (no work: the API stack alone)', path: '/api/public-config', method: 'GET', durable: false },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function headersFor(e: Pick<Endpoint, 'method' | 'auth' | 'headers'>): Record<string, string> {
  const headers: Record<string, string> = { ...e.headers };
  if (e.method === 'POST') headers['content-type'] = 'application/json';
  if (e.auth) headers.authorization = BASIC;
  return headers;
}

async function hammer(url: string, seconds: number, connections: number, e?: Endpoint): Promise<Figures> {
  const options = {
    url,
    connections,
    method: e?.method ?? 'GET',
    headers: e ? headersFor(e) : {},
    body: e?.body === undefined ? undefined : JSON.stringify(e.body),
    idReplacement: e?.headers !== undefined,
  };
  // A short unreported warm-up, so JIT compilation is not billed to either side.
  await autocannon({ ...options, duration: Math.min(2, seconds) });
  const r = await autocannon({ ...options, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** One request first: tells a missing endpoint (not merged yet) from a broken one. */
async function preflight(base: string, e: Endpoint): Promise<'ok' | 'missing' | string> {
  const res = await fetch(base + e.path, {
    method: e.method,
    headers: Object.fromEntries(Object.entries(headersFor(e)).map(([k, v]) => [k, v.replace('[<id>]', 'preflight')])),
    body: e.body === undefined ? undefined : JSON.stringify(e.body),
  });
  if (res.ok) return 'ok';
  const text = await res.text();
  if (res.status === 404 && text.includes('No API route matches')) return 'missing';
  return `HTTP ${res.status} ${text.slice(0, 120)}`;
}

/** The config GET answers 404 until a configuration exists; save the defaults once. */
async function seedWhiteLabel(base: string): Promise<void> {
  const body = whiteLabelConfigSchema.parse({ ...WHITE_LABEL_DEFAULTS, companyName: 'Bench Bank' });
  await fetch(`${base}/api/white-label/config`, {
    method: 'POST',
    headers: headersFor({ method: 'POST', auth: true }),
    body: JSON.stringify(body),
  });
}

export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The endpoint as sent to one server: a form's body gets a token that server accepts. */
async function forServer(e: Endpoint, server: { dataDir: string }, databaseUrl?: string): Promise<Endpoint> {
  if (!e.form) return e;
  let formToken: string;
  if (databaseUrl === undefined) {
    formToken = formTokenFor(server.dataDir);
  } else {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'form-token-key'`);
      formToken = new FormTokens(Buffer.from(rows[0]!.value, 'hex')).issue(Date.now() - MIN_FILL_MS - 1_000);
    } finally {
      await client.end();
    }
  }
  return { ...e, body: { ...(e.body as object), formToken } };
}

/** A fresh, empty database on the bench's private PostgreSQL. */
async function freshDatabase(server: RunningService, n: number): Promise<string> {
  const name = `bench_${process.pid}_${n}`;
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return url.toString();
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

export async function runLoad(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  const { loadSeconds: seconds, connections } = options;
  const S = 'load';
  report.note(
    `load: autocannon, ${connections} connections, ${seconds} s per endpoint after a 2 s warm-up, loopback; ` +
      `each ratio is against the hello-world measured just before that endpoint (the machine is shared and its load drifts); ` +
      `a durable POST's ratio and p99 are the medians of ${options.loadRounds} such pairs`,
  );
  const helloRow = report.rows.length;
  const helloRuns: Figures[] = [];
  // Free ports, not fixed ones: another bench on the machine must not answer in our place.
  const helloPort = await freePort();
  const hello = await startTs('bench/hello-world.ts', [String(helloPort)]);
  const measureHello = async (): Promise<Figures> => {
    log(`  load: Express hello-world (${seconds} s)`);
    const f = await hammer(`http://127.0.0.1:${helloPort}/`, seconds, connections);
    helloRuns.push(f);
    return f;
  };

  // A fresh server (and empty database and outbox) per endpoint: one endpoint's backlog of
  // stored rows and pending mail must not be billed to the next one.
  let worst: { rss: number; peak: number; label: string } | undefined;
  try {
    for (let e of ENDPOINTS) {
      const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' } });
      try {
        e = await forServer(e, server);
        let state = await preflight(server.url, e);
        if (state !== 'ok' && state !== 'missing' && e.auth) {
          await seedWhiteLabel(server.url);
          state = await preflight(server.url, e);
        }
        if (state === 'missing') {
          report.info(S, e.label, 'n/a (endpoint missing)');
          continue;
        }
        if (state !== 'ok') {
          report.check(S, e.label, `error: ${state}`, 'answers 2xx', false);
          continue;
        }
        // Pairs of hello-world then the endpoint: on this shared 2-core machine one pair's ratio
        // moves by ±15% between identical runs, so the durable POSTs are judged on the median of
        // several pairs, their range shown beside it.
        const pairs: { base: Figures; f: Figures }[] = [];
        for (let round = 1; round <= (e.durable ? options.loadRounds : 1); round++) {
          const base = await measureHello();
          log(`  load: ${e.label} (${seconds} s${e.durable ? `, pair ${round} of ${options.loadRounds}` : ''})`);
          pairs.push({ base, f: await hammer(server.url + e.path, seconds, connections, e) });
        }
        const ratios = pairs.map((p) => p.f.rps / p.base.rps);
        const ratio = median(ratios);
        const p99s = pairs.map((p) => p.f.p99);
        const spread = pairs.length > 1 ? ` (pairs ${ratios.map((r) => r.toFixed(2)).join(', ')})` : '';
        const figure = `${Math.round(median(pairs.map((p) => p.f.rps)))} req/s · ${ratio.toFixed(2)}× hello ${Math.round(median(pairs.map((p) => p.base.rps)))}${spread} · p50 ${ms(median(pairs.map((p) => p.f.p50)))}`;
        if (e.durable) report.check(S, `${e.label} req/s`, figure, `median ratio ≥ ${BUDGETS.postRatio}`, ratio >= BUDGETS.postRatio);
        else report.info(S, `${e.label} req/s`, figure);
        const p99Figure = pairs.length > 1 ? `${ms(median(p99s))} (pairs ${p99s.map(ms).join(', ')})` : ms(p99s[0]!);
        report.check(S, `${e.label} p99`, p99Figure, `< ${BUDGETS.p99Ms} ms`, median(p99s) < BUDGETS.p99Ms);
        const failed = pairs.reduce((sum, p) => ({ non2xx: sum.non2xx + p.f.non2xx, errors: sum.errors + p.f.errors }), { non2xx: 0, errors: 0 });
        if (failed.non2xx + failed.errors > 0) {
          report.check(S, `${e.label} failures`, `${failed.non2xx} non-2xx, ${failed.errors} errors`, '0', false);
        }
        const mem = memoryOf(server.process.pid!);
        report.check(S, `${e.label} peak RSS`, `${mem.peak.toFixed(0)} MB`, `< ${BUDGETS.serverRssMB} MB`, mem.peak < BUDGETS.serverRssMB);
        if (!worst || mem.rss > worst.rss) worst = { ...mem, label: e.label };
      } finally {
        await server.stop();
        fs.rmSync(server.dataDir, { recursive: true, force: true });
      }
    }
    await runPostgresLoad(options, report, log, measureHello);
    if (helloRuns.length === 0) await measureHello();
  } finally {
    await hello.stop();
  }

  const rps = helloRuns.map((r) => r.rps);
  const range = rps.length > 1 ? ` (${Math.round(Math.min(...rps))}-${Math.round(Math.max(...rps))} over ${rps.length} runs)` : '';
  report.rows.splice(helloRow, 0, {
    section: S,
    item: 'Express hello-world GET / (median)',
    figure: `${Math.round(median(rps))} req/s${range} · p50 ${ms(median(helloRuns.map((r) => r.p50)))} · p99 ${ms(median(helloRuns.map((r) => r.p99)))}`,
  });
  if (worst) {
    report.check(
      S,
      'server RSS after load (largest)',
      `${worst.rss.toFixed(0)} MB after ${worst.label} (peak ${worst.peak.toFixed(0)} MB)`,
      `< ${BUDGETS.serverRssMB} MB`,
      worst.rss < BUDGETS.serverRssMB,
    );
  } else {
    report.info(S, 'server RSS after load', 'n/a (no endpoint measured)');
  }
}

/**
 * The durable POSTs on PostgreSQL (its defaults: synchronous_commit=on), on a private server the
 * bench starts: one instance, then two instances on one database with the connections split
 * between them, as behind a load balancer. Same connections and duration as the SQLite rows.
 */
async function runPostgresLoad(options: BenchOptions, report: Report, log: (line: string) => void, measureHello: () => Promise<Figures>): Promise<void> {
  const S = 'load';
  const { loadSeconds: seconds, connections } = options;
  let postgres: RunningService;
  try {
    postgres = await startPostgres();
  } catch (err) {
    report.info(S, 'PostgreSQL rows', `skipped: no postgres (${(err as Error).message.split(':')[0]})`);
    return;
  }
  let n = 0;
  try {
    for (const endpoint of ENDPOINTS.filter((e) => e.durable)) {
      for (const count of [1, 2]) {
        const databaseUrl = await freshDatabase(postgres, n++);
        const env = { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error', DATABASE_URL: databaseUrl };
        // Started one after the other: the second finds the migrations done.
        const servers = [await startServer({ env })];
        if (count === 2) servers.push(await startServer({ env }));
        try {
          const e = await forServer(endpoint, servers[0]!, databaseUrl);
          const state = await preflight(servers[0]!.url, e);
          const label = `${e.label} on PostgreSQL, ${count} instance${count > 1 ? 's' : ''}`;
          if (state !== 'ok') {
            report.check(S, label, `error: ${state}`, 'answers 2xx', false);
            continue;
          }
          const base = await measureHello();
          log(`  load: ${label} (${seconds} s)`);
          const runs = await Promise.all(servers.map((s) => hammer(s.url + e.path, seconds, connections / count, e)));
          const rps = runs.reduce((sum, r) => sum + r.rps, 0);
          const p50 = Math.max(...runs.map((r) => r.p50));
          const p99 = Math.max(...runs.map((r) => r.p99));
          const failures = runs.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
          const peak = Math.max(...servers.map((s) => memoryOf(s.process.pid!).peak));
          const ratio = rps / base.rps;
          const figure = `${Math.round(rps)} req/s (${ratio.toFixed(2)}× hello ${Math.round(base.rps)}) · p50 ${ms(p50)}${failures ? ` · ${failures} failures` : ''}`;
          // One instance is held to the SQLite budgets; two share the machine's two cores with PostgreSQL.
          if (count === 1) {
            report.check(S, `${label} req/s`, figure, `ratio ≥ ${BUDGETS.postRatio}`, ratio >= BUDGETS.postRatio);
            report.check(S, `${label} p99`, ms(p99), `< ${BUDGETS.p99Ms} ms`, p99 < BUDGETS.p99Ms);
            report.check(S, `${label} peak RSS`, `${peak.toFixed(0)} MB`, `< ${BUDGETS.serverRssMB} MB`, peak < BUDGETS.serverRssMB);
          } else {
            report.info(S, `${label} req/s`, `${figure} · p99 ${ms(p99)} · peak RSS ${peak.toFixed(0)} MB`);
          }
        } finally {
          for (const s of servers) {
            await s.stop();
            fs.rmSync(s.dataDir, { recursive: true, force: true });
          }
        }
      }
    }
  } finally {
    postgres.stop();
  }
}
