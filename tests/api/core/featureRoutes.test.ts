import express from 'express';
import request from 'supertest';
import type { Feature } from '../../../api-server/src/deps';
import { FEATURES } from '../../../api-server/src/features';
import { createTestApp, type TestApp } from '../_lib/testApp';

/** A feature whose router counts every request that reaches it. */
function counted(name: string, paths: readonly string[] | undefined, seen: string[]): Feature {
  return {
    name,
    ...(paths ? { paths } : {}),
    migrations: [],
    routes() {
      const router = express.Router();
      router.use((req, _res, next) => {
        seen.push(`${name} ${req.path}`);
        next();
      });
      router.get(`/${name}`, (_req, res) => {
        res.json({ from: name });
      });
      return router;
    },
  };
}

describe('/api requests go straight to their feature', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('only the features naming the first segment (and those naming none) see a request, in order', async () => {
    const seen: string[] = [];
    t = await createTestApp({}, { features: [...FEATURES, counted('alpha', ['alpha'], seen), counted('beta', ['beta'], seen), counted('gamma', undefined, seen)] });
    expect((await request(t.app).get('/api/beta')).body).toEqual({ from: 'beta' });
    expect((await request(t.app).get('/api/ALPHA')).body).toEqual({ from: 'alpha' });
    const missing = await request(t.app).get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(seen).toEqual(['beta /beta', 'alpha /ALPHA', 'gamma /nothing-here']);
    // The real features still answer through it.
    expect((await request(t.app).get('/api/form-token')).status).toBe(200);
  });
});
