import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { memoryCounters, type Counters } from '../../../api-server/src/counters';
import { HttpError } from '../../../api-server/src/http/errors';
import { perMinuteLimit, type LimitOptions } from '../../../api-server/src/http/rateLimit';

const options: LimitOptions = { name: 'forms', perMinute: 2, whenDown: 'refuse', refuse: () => new HttpError(429, 'Too many requests. Please wait a minute and try again.') };

function appWith(counters: Counters) {
  const app = express();
  app.set('trust proxy', 1);
  app.get('/', perMinuteLimit(counters, options), (_req, res) => {
    res.json({ ok: true });
  });
  app.use((err: HttpError, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(err.status).json({ error: err.message });
  });
  return app;
}

describe('rate limits on counts in memory', () => {
  it('decide synchronously: no promise between the request and next()', () => {
    const limiter = perMinuteLimit(memoryCounters(), options);
    const outcomes: unknown[] = [];
    const headers: Record<string, string> = {};
    const res = { append: (k: string, v: string) => (headers[k] = v), setHeader: (k: string, v: string) => (headers[k] = v) } as unknown as Response;
    for (let i = 0; i < 3; i++) void limiter({ ip: '203.0.113.9' } as Request, res, (err?: unknown) => outcomes.push(err));
    expect(outcomes.map((e) => (e instanceof HttpError ? e.status : e))).toEqual([undefined, undefined, 429]);
    expect(headers['Retry-After']).toMatch(/^(59|60)$/);
  });

  it('answer with the same headers, Retry-After and 429 as the shared-store path', async () => {
    const answers = async (counters: Counters) => {
      const app = appWith(counters);
      const out = [];
      for (let i = 0; i < 3; i++) {
        const r = await request(app).get('/').set('X-Forwarded-For', '198.51.100.7');
        out.push({ status: r.status, body: r.body, rateLimit: r.headers.ratelimit, policy: r.headers['ratelimit-policy'], retryAfter: r.headers['retry-after'] });
      }
      return out;
    };
    // The library's own path, as with REDIS_URL: the same counters without the in-process window.
    const { localWindow: _local, ...shared } = memoryCounters();
    const viaLibrary = await answers(shared);
    const local = await answers(memoryCounters());
    expect(local).toEqual(viaLibrary);
    expect(local[2]).toMatchObject({ status: 429, body: { error: 'Too many requests. Please wait a minute and try again.' }, retryAfter: '60' });
    expect(local[0]!.rateLimit).toBe('"2-in-1min"; r=1; t=60');
  });
});
