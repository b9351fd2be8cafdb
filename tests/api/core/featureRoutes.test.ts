import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../../api-server/src/app';
import type { Feature } from '../../../api-server/src/deps';
import { FEATURES } from '../../../api-server/src/features';
import { createTestApp, type TestApp } from '../_lib/testApp';

/** A feature at `prefix` whose router counts every request that reaches it. */
function counted(name: string, seen: string[]): Feature {
  return {
    name,
    prefix: `/${name}`,
    migrations: [],
    routes() {
      const router = express.Router();
      router.use((req, _res, next) => {
        seen.push(`${name} ${req.baseUrl} ${req.path}`);
        next();
      });
      router.get('', (_req, res) => {
        res.json({ from: name });
      });
      router.get('/deeper', (_req, res) => {
        res.json({ from: name, deeper: true });
      });
      return router;
    },
  };
}

describe('/api requests go straight to their feature, mounted at its own prefix', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('only the feature whose prefix is the first segment sees a request, with its routes relative to the prefix', async () => {
    const seen: string[] = [];
    t = await createTestApp({}, { features: [...FEATURES, counted('alpha', seen), counted('beta', seen)] });
    expect((await request(t.app).get('/api/beta')).body).toEqual({ from: 'beta' });
    expect((await request(t.app).get('/api/ALPHA/deeper')).body).toEqual({ from: 'alpha', deeper: true });
    const missing = await request(t.app).get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(seen).toEqual(['beta /api/beta /', 'alpha /api/ALPHA /deeper']);
    // The real features still answer through it.
    expect((await request(t.app).get('/api/form-token')).status).toBe(200);
  });

  it('refuses two features with one prefix, and a prefix of more than one segment', async () => {
    t = await createTestApp();
    const { config, db, storage, outbox, formTokens, clock } = t;
    const deps = { config, db, writes: storage.writes, outbox, formTokens, logger: pino({ level: 'silent' }), now: () => clock.now };
    const seen: string[] = [];
    expect(() => createApp(deps, { features: [counted('alpha', seen), { ...counted('alpha', seen), name: 'again' }] })).toThrow(/prefix \/alpha is another feature's/);
    expect(() => createApp(deps, { features: [{ ...counted('alpha', seen), prefix: '/a/b' }] })).toThrow(/one path segment/);
  });
});
