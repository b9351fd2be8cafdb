import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createTestApp, basicAuthHeader, TEST_ADMIN, type TestApp } from '../_lib/testApp';
import { LOGIN_POLICY, LoginThrottle, MemoryCounterStore } from '../../../api-server/src/http/loginThrottle';

const URL = '/api/white-label/config';

describe('admin sign-in throttling', () => {
  let t: TestApp;
  let waits: number[];
  let logLines: string[];
  beforeEach(async () => {
    waits = [];
    logLines = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    // The delays are recorded instead of slept, so the test proves them without waiting.
    const throttle = new LoginThrottle(new MemoryCounterStore(), LOGIN_POLICY, (ms) => {
      waits.push(ms);
      return Promise.resolve();
    });
    t = await createTestApp({ TRUST_PROXY: '1' }, { loginThrottle: throttle }, pino({ level: 'info' }, sink));
  });
  afterEach(() => t.close());

  const from = (ip: string, auth?: string) => {
    const req = request(t.app).get(URL).set('X-Forwarded-For', ip);
    return auth ? req.set('Authorization', auth) : req;
  };
  const wrong = (n: number) => basicAuthHeader(TEST_ADMIN.user, `wrong-guess-${n}`);

  it('answers a few mistypes with 401, then 429 JSON with Retry-After, per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_POLICY.failuresPerAddress; i++) codes.push((await from('203.0.113.5', wrong(i))).status);
    expect(codes).toEqual(Array(LOGIN_POLICY.failuresPerAddress).fill(401));
    const limited = await from('203.0.113.5', wrong(99));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, error: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_POLICY.windowMs / 1000);
    // The limit is that address's: another one still signs in.
    expect((await from('198.51.100.9', basicAuthHeader())).status).toBe(200);
  });

  it('counts failures only: successes and visits without credentials leave the allowance alone', async () => {
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.6', basicAuthHeader())).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.6')).status).toBe(401);
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_POLICY.failuresPerAddress; i++) codes.push((await from('203.0.113.6', wrong(i))).status);
    expect(codes.slice(0, -1)).toEqual(Array(LOGIN_POLICY.failuresPerAddress).fill(401));
    expect(codes.at(-1)).toBe(429);
  });

  it('delays failures for one user name more and more, but never the real admin', async () => {
    const attempts = 14;
    for (let i = 0; i < attempts; i++) expect((await from(`192.0.2.${i + 1}`, wrong(i))).status).toBe(401);
    const free = LOGIN_POLICY.freeFailuresPerUser;
    expect(waits.length).toBe(attempts - free);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits[0]).toBe(LOGIN_POLICY.userDelayBaseMs);
    expect(waits.at(-1)).toBe(LOGIN_POLICY.userDelayMaxMs);
    // A stranger's guesses did not lock the admin out: the right password goes through undelayed.
    const before = waits.length;
    expect((await from('192.0.2.200', basicAuthHeader())).status).toBe(200);
    expect(waits.length).toBe(before);
  });

  it('logs every failure as a security event, never the password', async () => {
    await from('203.0.113.7', basicAuthHeader('mallory', 'Secret-Guess-123'));
    await from('203.0.113.7', basicAuthHeader(TEST_ADMIN.user, 'Another-Guess-456'));
    await from('203.0.113.7', basicAuthHeader());
    const events = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'admin_login_failed');
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ level: 40, user: 'mallory', client: '203.0.113.7', userFailures: 1 });
    expect(events[1]).toMatchObject({ user: TEST_ADMIN.user, addressFailures: 2 });
    const all = logLines.join('\n');
    for (const secret of ['Secret-Guess-123', 'Another-Guess-456', TEST_ADMIN.password]) expect(all).not.toContain(secret);
  });
});

describe('the Basic challenge', () => {
  it("is sent to navigations and plain API clients, not to a page script's fetch", async () => {
    const t = await createTestApp();
    expect((await request(t.app).get(URL)).headers['www-authenticate']).toMatch(/^Basic /);
    expect((await request(t.app).get(URL).set('Sec-Fetch-Mode', 'navigate')).headers['www-authenticate']).toMatch(/^Basic /);
    // The browser would hold the fetch behind its password dialog; the page shows a sign-in state.
    const fromScript = await request(t.app).get(URL).set('Sec-Fetch-Mode', 'cors');
    expect([fromScript.status, fromScript.headers['www-authenticate']]).toEqual([401, undefined]);
    await t.close();
  });
});

describe('the in-memory counter store', () => {
  it('restarts a count after its window and stays bounded under a flood of keys', async () => {
    const store = new MemoryCounterStore(100);
    expect((await store.hit('a', 1000, 0)).count).toBe(1);
    expect((await store.hit('a', 1000, 500)).count).toBe(2);
    expect(await store.get('a', 1000)).toBeUndefined();
    expect((await store.hit('a', 1000, 1000)).count).toBe(1);
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 60_000, 2000);
    expect(store.size).toBeLessThanOrEqual(100);
  });
});
