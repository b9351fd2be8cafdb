import { randomBytes } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import { METRICS, OVERLOAD } from '../../../src/data/operations';
import { PLAN_IDS } from '../../../src/data/plans';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { AppMetrics } from '../../../api-server/src/http/metrics';
import { Overload } from '../../../api-server/src/http/overload';
import { MCP_PATH } from '../../../api-server/src/mcp/router';
import { OutboxWorker } from '../../../api-server/src/mail/worker';
import { createTestApp, signed, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey } from '../sandbox/_sandbox';

const TOKEN = 'scrape-token-0123456789abcdef';
const AUTH = `Bearer ${TOKEN}`;
const ticket = { name: 'Ada', email: 'ada@example.com', subject: 'Feed', message: 'No transactions since 9am.', priority: 'medium', category: 'technical' };
const checkout = { planId: PLAN_IDS[0], customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' };

/** The value of one sample of the exposition text, e.g. sample(text, 'http_requests_total', {route: '/api/checkout'}). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** Every value the `route` label takes in the scrape. */
function routes(text: string): Set<string> {
  return new Set([...text.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]!));
}

describe('GET /metrics', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const make = async (...args: Parameters<typeof createTestApp>) => {
    const t = await createTestApp(...args);
    apps.push(t);
    return t;
  };
  const scrape = async (t: TestApp) => {
    const res = await request(t.app).get('/metrics').set('Authorization', AUTH);
    expect(res.status).toBe(200);
    return res.text;
  };

  it('is not served without METRICS_TOKEN (404 JSON, as any unknown address), nor when turned off', async () => {
    for (const t of [await make(), await make({ METRICS_TOKEN: TOKEN }, { metrics: false })]) {
      const res = await request(t.app).get('/metrics').set('Authorization', AUTH);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: expect.any(String) });
    }
  });

  it('asks for the bearer token: 401 JSON without it or with a wrong one, Prometheus text with it', async () => {
    const t = await make({ METRICS_TOKEN: TOKEN });
    for (const header of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, 'Bearer']) {
      const req = request(t.app).get('/metrics');
      const res = await (header ? req.set('Authorization', header) : req);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: expect.stringContaining('METRICS_TOKEN') });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const res = await request(t.app).get('/metrics').set('Authorization', AUTH);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    // Every line is a comment or a sample: the format Prometheus parses.
    for (const line of res.text.split('\n').filter(Boolean)) expect(line).toMatch(/^(# (HELP|TYPE) [a-z0-9_:]+ .+|[a-z0-9_:]+(\{[a-z_]+="[^"\n]*"(,[a-z_]+="[^"\n]*")*\})? -?[0-9.e+-]+|[a-z0-9_:]+(\{.*\})? (NaN|[+-]Inf))$/);
    for (const name of ['http_requests_total', 'http_request_duration_seconds', 'mail_outbox_pending', 'mail_outbox_oldest_pending_age_seconds', 'mail_sent_total', 'mail_failed_total', 'sandbox_requests_total', 'sandbox_keys_minted_total', 'rate_limit_refusals_total', 'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes']) {
      expect(res.text).toContain(`# TYPE ${name} `);
    }
  });

  it('labels requests by route template, method and status: errors keep their route, unknown addresses share one label', async () => {
    const t = await make({ METRICS_TOKEN: TOKEN });
    expect((await request(t.app).post('/api/checkout').send(checkout)).status).toBe(200);
    expect((await request(t.app).post('/api/checkout').send({ ...checkout, planId: 'nope' })).status).toBe(400);
    expect((await request(t.app).post('/api/support').send(signed(t, ticket))).status).toBe(201);
    expect((await request(t.app).get('/api/no-such-thing')).status).toBe(404);
    expect((await request(t.app).get('/readyz')).status).toBe(200);
    const text = await scrape(t);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/checkout', status: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/checkout', status: '400' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/support', status: '201' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/readyz', status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/checkout', status: '200' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/checkout', status: '200', le: '+Inf' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_sum', { route: '/api/checkout', status: '200' })).toBeGreaterThan(0);
    // Buckets are cumulative: each at least the one below it, the last one all of them.
    const buckets = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10'].map((le) => sample(text, 'http_request_duration_seconds_bucket', { route: '/readyz', le })!);
    expect(buckets).toEqual([...buckets].sort((x, y) => x - y));
    expect(buckets.at(-1)).toBe(1);
  });

  it('keeps the route label bounded: random addresses and ids never become labels', async () => {
    const t = await make({ METRICS_TOKEN: TOKEN, SANDBOX_RATE_LIMIT_SCALE: '1' });
    const key = await mintKey(t.app, 'starter');
    for (let i = 0; i < 60; i++) {
      const junk = randomBytes(6).toString('hex');
      await request(t.app).get(`/${junk}`);
      await request(t.app).post(`/api/${junk}/x`).send({});
      await request(t.app).get(`/api/checkout/${junk}`);
      await request(t.app).get(`${SANDBOX_BASE_PATH}/${junk}`).set(headersFor(key, 'starter'));
      await request(t.app).get(`${SANDBOX_BASE_PATH}/webhooks/wh_${junk}/deliveries`).set(headersFor(key, 'starter'));
      await request(t.app).get(`/${'a'.repeat(5000)}${junk}`);
    }
    const labels = routes(await scrape(t));
    expect([...labels].sort()).toEqual(['/api/sandbox/keys', `${SANDBOX_BASE_PATH}/webhooks/{id}/deliveries`, 'unmatched'].sort());
    const series = (await scrape(t)).split('\n').filter((l) => l.startsWith('http_requests_total{'));
    expect(series.length).toBeLessThanOrEqual(10);
  });

  it('exposes every metric the Operations page documents, with its type and labels', async () => {
    const t = await make({ METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '1' });
    const key = await mintKey(t.app, 'starter');
    await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set(headersFor(key, 'starter'));
    for (let i = 0; i < 2; i++) await request(t.app).post('/api/checkout').send(checkout);
    const text = await scrape(t);
    for (const metric of METRICS) {
      expect(text).toContain(`# TYPE ${metric.name} ${metric.type}`);
      const series = text.split('\n').filter((l) => l.startsWith(`${metric.name}{`) || l.startsWith(`${metric.name} `) || l.startsWith(`${metric.name}_count{`));
      for (const line of series) {
        const labels = [...line.matchAll(/(\w+)="/g)].map((m) => m[1]).filter((l) => l !== 'le');
        expect({ metric: metric.name, labels: labels.sort() }).toEqual({ metric: metric.name, labels: [...metric.labels].sort() });
      }
    }
  });

  it('counts sandbox requests by status class, minted keys by plan, and 429s by limiter', async () => {
    const t = await make({ METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '1' });
    const key = await mintKey(t.app, 'starter');
    await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set(headersFor(key, 'starter'));
    await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set(headersFor('sk_test_unknown', 'starter'));
    for (let i = 0; i < 3; i++) await request(t.app).post('/api/checkout').send(checkout);
    const text = await scrape(t);
    expect(sample(text, 'sandbox_keys_minted_total', { plan: 'starter' })).toBe(1);
    expect(sample(text, 'sandbox_requests_total', { status_class: '2xx' })).toBe(1);
    expect(sample(text, 'sandbox_requests_total', { status_class: '4xx' })).toBe(1);
    expect(sample(text, 'rate_limit_refusals_total', { limiter: 'forms' })).toBe(2);
  });

  it('counts requests refused by load shedding, by mount, and shows the admission limit and the work in flight', async () => {
    // No room at all: every API, sandbox and MCP request is shed; /metrics itself never is.
    const t = await make({ METRICS_TOKEN: TOKEN }, { overload: new Overload({ minInFlight: 0, maxInFlight: 0 }) });
    expect((await request(t.app).post('/api/checkout').send(checkout)).status).toBe(503);
    expect((await request(t.app).get('/api/public-config')).status).toBe(503);
    expect((await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`)).status).toBe(503);
    expect((await request(t.app).post(MCP_PATH).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(503);
    const text = await scrape(t);
    expect([sample(text, 'http_requests_shed_total', { mount: 'api' }), sample(text, 'http_requests_shed_total', { mount: 'sandbox' }), sample(text, 'http_requests_shed_total', { mount: 'mcp' })]).toEqual([2, 1, 1]);
    expect([sample(text, 'http_requests_in_flight'), sample(text, 'http_requests_admit_limit'), sample(text, 'http_connections_held')]).toEqual([0, 0, 0]);
  });

  it('shows the admission limit the default shedding starts with', async () => {
    const t = await make({ METRICS_TOKEN: TOKEN });
    expect(sample(await scrape(t), 'http_requests_admit_limit')).toBe(OVERLOAD.maxInFlight);
  });

  it('reads the outbox gauges from the shared queue at scrape time: another instance on the same database sees the same figures', async () => {
    const a = await make({ METRICS_TOKEN: TOKEN });
    const b = await make({ METRICS_TOKEN: TOKEN }, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
    b.clock.now = a.clock.now;
    let text = await scrape(a);
    expect([sample(text, 'mail_outbox_pending'), sample(text, 'mail_outbox_oldest_pending_age_seconds')]).toEqual([0, 0]);
    // A ticket queues two mails (the team's and the receipt).
    expect((await request(a.app).post('/api/support').send(signed(a, ticket))).status).toBe(201);
    const queued = (await a.outbox.counts()).pending;
    expect(queued).toBeGreaterThan(0);
    a.clock.now = new Date(a.clock.now.getTime() + 90_000);
    b.clock.now = a.clock.now;
    for (const t of [a, b]) {
      text = await scrape(t);
      expect(sample(text, 'mail_outbox_pending')).toBe(queued);
      expect(sample(text, 'mail_outbox_oldest_pending_age_seconds')).toBe(90);
    }
  });

  it('counts mail sent and failed by the worker it is given, in a registry of its own per app', async () => {
    const logger = pino({ level: 'silent' });
    const t = await make({ METRICS_TOKEN: TOKEN });
    const metrics = new AppMetrics({ outbox: t.outbox, now: () => new Date(), logger });
    const other = await make({ METRICS_TOKEN: TOKEN }, { metrics }, logger, { dataDir: t.dataDir, databaseUrl: t.databaseUrl });
    await t.outbox.enqueue({ ref: 'test:1', to: 'a@example.com', subject: 'Hello', text: 'Hi' });
    await t.outbox.enqueue({ ref: 'test:2', to: 'refused@example.com', subject: 'Hello', text: 'Hi' });
    const refusal = Object.assign(new Error('550 no such user'), { responseCode: 550 });
    const worker = new OutboxWorker(t.outbox, async (row) => {
      if (row.to.startsWith('refused')) throw refusal;
    }, logger, { retryBaseMs: 10, giveUpAfterMs: 60_000, onOutcome: (o) => metrics.mail(o) });
    worker.start();
    for (let i = 0; i < 100 && (await t.outbox.counts()).pending > 0; i++) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    const text = await scrape(other);
    expect(sample(text, 'mail_sent_total')).toBe(1);
    expect(sample(text, 'mail_failed_total', { outcome: 'dead' })).toBe(1);
    // The first app's registry saw none of it.
    expect(sample(await scrape(t), 'mail_sent_total')).toBe(0);
  });
});
