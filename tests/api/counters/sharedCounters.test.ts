import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../../api-server/src/config';
import { COUNTERS_UNAVAILABLE_MESSAGE, COUNTERS_RETRY_AFTER_S } from '../../../api-server/src/counters';
import { RedisCounters } from '../../../api-server/src/counters/redis';
import { LOGIN_POLICY } from '../../../api-server/src/http/loginThrottle';
import { startRedis, type RunningService } from '../../_services';
import { basicAuthHeader, createTestApp, signed, type TestApp } from '../_lib/testApp';

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We want to offer accounts to 2,000 customers.',
  company: '',
  phone: '',
  website: '',
};

const ROOT = path.resolve(__dirname, '../../..');

/** Runs the real server entry point until it exits (these configurations never get to listen). */
function startServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-start-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api-server/src/index.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Generous: tsx compiles the server at start, slow on a loaded 2-core CI machine.
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stderr });
    });
  });
}

describe('counters shared through Redis (REDIS_URL)', () => {
  let redis: RunningService;
  const apps: TestApp[] = [];
  const counters: RedisCounters[] = [];
  let run = 0;

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
    await Promise.all(counters.splice(0).map((c) => c.close()));
  });

  /** Two instances of the site, as behind a load balancer: separate processes' state, one Redis. */
  async function twoInstances(env: Record<string, string>): Promise<[TestApp, TestApp]> {
    const prefix = `test:shared${++run}:`;
    const make = async () => {
      const c = new RedisCounters(redis.url, { logger: pino({ level: 'silent' }), prefix });
      counters.push(c);
      const t = await createTestApp({ TRUST_PROXY: '1', REDIS_URL: redis.url, ...env }, { counters: c });
      apps.push(t);
      return t;
    };
    return [await make(), await make()];
  }

  it('shares the form rate limit: posts spread over two instances meet one limit', async () => {
    const [a, b] = await twoInstances({ RATE_LIMIT_PER_MINUTE: '4' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const to = i % 2 ? b : a;
      const res = await request(to.app).post('/api/contact').set('X-Forwarded-For', '203.0.113.20').send(signed(to, contact));
      codes.push(res.status);
    }
    // Each instance alone would have allowed 4 (8 in all).
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    // Another address has its own allowance.
    expect((await request(a.app).post('/api/contact').set('X-Forwarded-For', '198.51.100.3').send(signed(a, contact))).status).toBe(200);
  });

  it('counts failed sign-ins across instances', async () => {
    const [a, b] = await twoInstances({});
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_POLICY.failuresPerAddress; i++) {
      // A new name each time: the address's count is under test, not the per-name delays.
      const wrong = basicAuthHeader(`guess-${i}`, 'not-the-password');
      codes.push((await request(i % 2 ? b.app : a.app).get('/api/white-label/config').set('X-Forwarded-For', '203.0.113.30').set('Authorization', wrong)).status);
    }
    expect(codes).toEqual(Array(LOGIN_POLICY.failuresPerAddress).fill(401));
    for (const t of [a, b]) {
      const res = await request(t.app).get('/api/white-label/config').set('X-Forwarded-For', '203.0.113.30').set('Authorization', basicAuthHeader());
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('answers limited writes 503 while Redis is gone, keeps reads up, and recovers when it returns', async () => {
    const own = await startRedis();
    try {
      const c = new RedisCounters(own.url, { logger: pino({ level: 'silent' }), prefix: 'test:outage:' });
      counters.push(c);
      const t = await createTestApp({ REDIS_URL: own.url }, { counters: c });
      apps.push(t);
      expect((await request(t.app).post('/api/contact').send(signed(t, contact))).status).toBe(200);

      own.stop();
      const down = await request(t.app).post('/api/contact').send(signed(t, contact));
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ success: false, error: COUNTERS_UNAVAILABLE_MESSAGE });
      expect(down.headers['retry-after']).toBe(String(COUNTERS_RETRY_AFTER_S));
      const stored = await t.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(1);
      // Sign-in cannot be counted either: refused, not let through unthrottled.
      const admin = await request(t.app).get('/api/white-label/config').set('Authorization', basicAuthHeader());
      expect(admin.status).toBe(503);
      expect(admin.body.error).toBe(COUNTERS_UNAVAILABLE_MESSAGE);
      // A read behind the general limiter is still served (counted in this process meanwhile).
      expect((await request(t.app).get('/api/public-config')).status).toBe(200);

      // Same port, empty memory (no persistence): the client reconnects by itself.
      const back = await startRedis(own.port);
      try {
        let status = 0;
        for (let i = 0; i < 50 && status !== 200; i++) {
          status = (await request(t.app).post('/api/contact').send(signed(t, contact))).status;
          if (status !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe(200);
        expect((await request(t.app).get('/api/white-label/config').set('Authorization', basicAuthHeader())).status).toBe(200);
      } finally {
        back.stop();
      }
    } finally {
      own.stop();
    }
  }, 30_000);

  it('recovers a limiter whose set-up found Redis away', async () => {
    const own = await startRedis();
    try {
      const c = new RedisCounters(own.url, { logger: pino({ level: 'silent' }), prefix: 'test:setup:' });
      counters.push(c);
      await c.ready;
      own.stop();
      const t = await createTestApp({ REDIS_URL: own.url }, { counters: c });
      apps.push(t);
      expect((await request(t.app).post('/api/contact').send(signed(t, contact))).status).toBe(503);
      const back = await startRedis(own.port);
      try {
        let status = 0;
        for (let i = 0; i < 50 && status !== 200; i++) {
          status = (await request(t.app).post('/api/contact').send(signed(t, contact))).status;
          if (status !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe(200);
      } finally {
        back.stop();
      }
    } finally {
      own.stop();
    }
  }, 30_000);

  it('rejects a REDIS_URL that is not a redis:// URL, naming the variable', () => {
    for (const bad of ['localhost:6379', 'http://localhost:6379', 'redis://', 'redis://localhost:99999', 'redis://localhost/cache']) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    }
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache.internal:6380/2' }).redisUrl).toBe('rediss://user:secret@cache.internal:6380/2');
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });

  it('stops the server at start with exit 2 for a bad REDIS_URL', async () => {
    const { code, stderr } = await startServer({ REDIS_URL: 'http://cache:6379' });
    expect(code).toBe(2);
    expect(stderr).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
  }, 60_000);

  it('stops the server at start with exit 6 and a clear message when Redis cannot be reached', async () => {
    // Port 1: nothing listens there. A stopped Redis's port could be handed straight to another
    // suite's Redis (the api and api-pg projects run this file side by side), and the server
    // would then connect and keep running.
    const { code, stderr } = await startServer({ REDIS_URL: 'redis://:hunter2@127.0.0.1:1' });
    expect(code).toBe(6);
    expect(stderr).toContain('Cannot start: Cannot reach Redis at REDIS_URL (redis://:***@127.0.0.1:1)');
    expect(stderr).toContain('ECONNREFUSED');
    expect(stderr).not.toContain('hunter2');
  }, 60_000);
});
