import fs from 'node:fs';
import http from 'node:http';
import { PLAN_IDS } from '../../../src/data/plans';
import { openStorage } from '../../../api-server/src/db/storage';
import { startServer, type RunningServer } from '../../e2e/_lib/server';
import { testDatabaseUrl } from '../_lib/testApp';

const STREAMS = 20;
const SHUTDOWN_TIMEOUT_MS = 10_000;

interface Outcome {
  status?: number;
  orderId?: string;
  /** A network error: the request was never answered. */
  error?: string;
}

/** One POST over `agent`; resolves with its answer or the network error, never rejects. */
function post(base: string, agent: http.Agent, path: string, body: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = http.request(`${base}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => {
        let orderId: string | undefined;
        try {
          orderId = (JSON.parse(text) as { orderId?: string }).orderId;
        } catch {
          orderId = undefined;
        }
        resolve({ status: res.statusCode, orderId });
      });
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(data);
  });
}

function get(base: string, agent: http.Agent, path: string): Promise<{ status?: number; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

describe('SIGTERM: a graceful stop under concurrent checkouts', () => {
  let server: RunningServer | undefined;
  afterEach(() => {
    if (server && server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('answers every request, on kept-alive and new connections alike, until the balancer stops sending; exits 0 and keeps every 2xx order', async () => {
    const databaseUrl = await testDatabaseUrl();
    server = await startServer({
      env: { RATE_LIMIT_PER_MINUTE: '1000000', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    });
    const base = server.url;
    const agent = new http.Agent({ keepAlive: true, maxSockets: STREAMS });
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const outcomes: Outcome[] = [];
    const probes: { status?: number; connection?: string; error?: string }[] = [];
    // Like a load balancer: probe readiness and stop sending once it has seen it fail, a moment
    // later (a real one takes a probe interval). Answers with Connection: close make each stream
    // open a new connection meanwhile: those must be answered too, not reset in the accept queue.
    let sending = true;
    const prober = (async () => {
      while (sending) {
        const p = await get(base, probeAgent, '/readyz');
        probes.push(p);
        if (p.status !== 200) {
          await new Promise((r) => setTimeout(r, 300));
          sending = false;
        } else await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const streams = Array.from({ length: STREAMS }, async (_, i) => {
      while (sending) {
        outcomes.push(await post(base, agent, '/api/checkout', { planId: PLAN_IDS[i % PLAN_IDS.length], customerName: `Stream ${i}`, customerEmail: `stream${i}@example.com` }));
      }
    });
    // Let the streams reach full speed before the signal.
    while (outcomes.filter((o) => o.status === 200).length < 100) await new Promise((r) => setTimeout(r, 10));

    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    // A new connection during the stop is still answered, and told to close.
    const fresh = await get(base, new http.Agent({ keepAlive: false }), '/healthz');
    const code = await exited;
    const elapsed = Date.now() - signalled;
    await Promise.all([prober, ...streams]);
    agent.destroy();
    probeAgent.destroy();

    const unanswered = outcomes.filter((o) => o.error !== undefined);
    expect(unanswered).toEqual([]);
    expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
    expect(code).toBe(0);
    expect(elapsed).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(fresh).toEqual({ status: 200, connection: 'close' });
    // The balancer's own open connection was told: 503, and closed after that answer.
    expect(probes.at(-1)).toEqual({ status: 503, connection: 'close' });

    const orders = outcomes.filter((o) => o.status === 200).map((o) => o.orderId!);
    expect(orders.length).toBeGreaterThanOrEqual(100);
    const storage = await openStorage({ dataDir: server.dataDir, databaseUrl });
    try {
      const rows = await storage.db.selectFrom('checkout_orders').select(['id', 'status']).execute();
      const paid = new Set(rows.filter((r) => r.status === 'paid').map((r) => r.id));
      expect(orders.filter((id) => !paid.has(id))).toEqual([]);
    } finally {
      await storage.close();
    }
  }, 90_000);
});
