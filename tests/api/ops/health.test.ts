import request from 'supertest';
import { ConfigError, loadConfig } from '../../../api-server/src/config';
import { READINESS_TIMEOUT_MS, Readiness } from '../../../api-server/src/http/health';
import { createTestApp, type TestApp } from '../_lib/testApp';

describe('GET /healthz and GET /readyz', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('answers liveness and readiness with 200 JSON, never cached', async () => {
    t = await createTestApp();
    const live = await request(t.app).get('/healthz');
    expect([live.status, live.body, live.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
    const ready = await request(t.app).get('/readyz');
    expect([ready.status, ready.body, ready.headers['cache-control']]).toEqual([200, { status: 'ok', checks: { database: 'ok' } }, 'no-store']);
  });

  it('is never rate limited: a balancer probing every second for minutes meets no 429', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    for (let i = 0; i < 150; i++) {
      expect((await request(t.app).get(i % 2 ? '/healthz' : '/readyz')).status).toBe(200);
    }
  });

  it('answers 503 naming the database when storage does not answer, while /healthz stays 200', async () => {
    t = await createTestApp();
    await t.storage.close();
    const ready = await request(t.app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', checks: { database: expect.stringMatching(/^down: .+/) } });
    expect((await request(t.app).get('/healthz')).status).toBe(200);
  });

  it('answers a hung check within its timeout, asks a hung engine once however often it is probed, and 503 once a stop begins', async () => {
    let calls = 0;
    const hung = () => {
      calls++;
      return new Promise<void>(() => undefined);
    };
    const readiness = new Readiness([{ name: 'database', run: () => Promise.resolve() }, { name: 'redis', run: hung }], 200);
    t = await createTestApp({}, { readiness });
    const { app } = t;
    const started = Date.now();
    const [a, b] = await Promise.all([request(app).get('/readyz'), request(app).get('/readyz')]);
    expect(Date.now() - started).toBeLessThan(200 + 500);
    expect(a.status).toBe(503);
    expect(a.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: 'down: no answer within 200 ms' } });
    expect(b.body).toEqual(a.body);
    expect(calls).toBe(1);

    readiness.beginShutdown();
    const stopping = await request(app).get('/readyz');
    expect([stopping.status, stopping.body]).toEqual([503, { status: 'stopping', checks: {} }]);
    expect((await request(app).get('/healthz')).status).toBe(200);
    expect(READINESS_TIMEOUT_MS).toBeLessThanOrEqual(1_000);
  });
});

describe('operator settings', () => {
  it('SHUTDOWN_TIMEOUT_MS defaults to 25 s and must be a whole number of ms between 1 s and 10 min', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdownTimeoutMs).toBe(5_000);
    for (const bad of ['0', '-1', 'soon', '1.5', '999', '600001']) {
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: bad })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    }
  });

  it('METRICS_TOKEN is optional, and when set long enough to guard the endpoint', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-scrape-token' }).metricsToken).toBe('a-long-enough-scrape-token');
    for (const bad of ['short', 'has spaces in the middle of it', 'x'.repeat(513)]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN/);
    }
  });
});
