import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import express from 'express';
import { z } from 'zod';
import { createTestApp, basicAuthHeader, type TestApp } from '../_lib/testApp';
import { validateBody, parsedBody } from '../../../api-server/src/http/validate';
import { loadBuiltSite } from '../../../api-server/src/http/site';
import type { Feature } from '../../../api-server/src/deps';
import { FEATURES } from '../../../api-server/src/features';
import { clientKey } from '../../../api-server/src/http/rateLimit';

// A tiny feature that exercises validation and the form limiter like the real ones do.
const echoSchema = z.strictObject({ name: z.string().min(1, { error: 'Name is required' }).max(10) });
const echoFeature: Feature = {
  name: 'echo',
  prefix: '/echo',
  migrations: [],
  routes({ limiters }) {
    const router = express.Router();
    router.post('', limiters.forms, validateBody(echoSchema), (_req, res) => {
      res.json({ success: true, name: parsedBody(res, echoSchema).name });
    });
    return router;
  },
};
const boomFeature: Feature = {
  name: 'boom',
  prefix: '/boom',
  migrations: [],
  routes() {
    return express.Router().get('', () => {
      throw new Error('secret internal detail');
    });
  },
};

describe('API core', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' }, { features: [...FEATURES, echoFeature, boomFeature] });
  });
  afterEach(() => t.close());

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await request(t.app).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'No API route matches GET /does-not-exist' });
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await request(t.app).post('/api/echo').set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'The request body is not valid JSON' });
  });

  it('answers bodies over 16 kB with 413 JSON', async () => {
    const res = await request(t.app).post('/api/echo').send({ name: 'x'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'The request body is too large' });
  });

  it('refuses non-JSON bodies with 415', async () => {
    const res = await request(t.app).post('/api/echo').type('form').send('name=a');
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
  });

  it('refuses cross-site posts', async () => {
    const fromElsewhere = await request(t.app).post('/api/echo').set('Origin', 'https://evil.example').send({ name: 'a' });
    expect(fromElsewhere.status).toBe(403);
    const fetchMeta = await request(t.app).post('/api/echo').set('Sec-Fetch-Site', 'cross-site').send({ name: 'a' });
    expect(fetchMeta.status).toBe(403);
  });

  it('answers validation errors with the envelope and field errors', async () => {
    const res = await request(t.app).post('/api/echo').send({ name: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Name is required', fields: { name: 'Name is required' } });
  });

  it('hides internal errors behind a generic 500 message', async () => {
    const res = await request(t.app).get('/api/boom');
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret');
    expect(res.body.success).toBe(false);
  });

  it('rate limits form posts with standard headers', async () => {
    for (let i = 0; i < 3; i++) expect((await request(t.app).post('/api/echo').send({ name: 'a' })).status).toBe(200);
    const limited = await request(t.app).post('/api/echo').send({ name: 'a' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many requests/);
    expect(limited.headers['ratelimit-policy']).toBeDefined();
  });

  it('counts a form post once, and limits every other API route with the general limiter', async () => {
    const general = 300; // max(300, 10 × the forms limit of 3)
    for (const path of ['/api/public-config', '/api/white-label/config', '/api/nowhere']) {
      await t.close();
      t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' }, { features: [...FEATURES, echoFeature, boomFeature] });
      // Form posts spend the forms allowance only; counted by the general limiter too, they
      // would leave fewer than 300 requests for the other routes.
      for (let i = 0; i < 3; i++) expect((await request(t.app).post('/api/echo').send({ name: 'a' })).status).toBe(200);
      const codes = [];
      for (let i = 0; i <= general; i++) codes.push((await request(t.app).get(path)).status);
      expect([path, codes.slice(0, -1).includes(429), codes.at(-1)]).toEqual([path, false, 429]);
    }
  });

  it('sends no X-Powered-By and strict security headers', async () => {
    const res = await request(t.app).get('/api/public-config');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('hashes no API answer for an ETag: they are no-store, nobody revalidates them (issue 28)', async () => {
    const res = await request(t.app).get('/api/public-config');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    const config = await request(t.app).get('/api/white-label/config').set('Authorization', basicAuthHeader());
    expect(config.status).toBe(200);
    expect(config.headers.etag).toBeUndefined();
  });

  it('serves the setup password from the environment', async () => {
    const custom = await createTestApp({ SETUP_PASSWORD: 'Changed-At-Start-1' });
    const res = await request(custom.app).get('/api/public-config');
    expect(res.body).toEqual({ setupPassword: 'Changed-At-Start-1' });
    custom.close();
  });

  it('protects the white-label API with basic auth', async () => {
    const anon = await request(t.app).get('/api/white-label/config');
    expect(anon.status).toBe(401);
    expect(anon.headers['www-authenticate']).toMatch(/^Basic /);
    const wrong = await request(t.app).get('/api/white-label/config').set('Authorization', basicAuthHeader('admin', 'nope'));
    expect(wrong.status).toBe(401);
    const ok = await request(t.app).get('/api/white-label/config').set('Authorization', basicAuthHeader());
    expect(ok.status).not.toBe(401);
  });
});

describe('serving the built site', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'));
  beforeAll(async () => {
    const page = (title: string) => `<html><head><script>document.documentElement.dataset.t="${title}"</script></head><body>${title}</body></html>`;
    fs.mkdirSync(path.join(dir, 'assets/js'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'api-docs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), page('home'));
    fs.writeFileSync(path.join(dir, 'support.html'), page('support'));
    fs.writeFileSync(path.join(dir, 'white-label.html'), page('admin'));
    fs.writeFileSync(path.join(dir, 'api-docs.html'), page('api'));
    fs.writeFileSync(path.join(dir, 'api-docs/starter.html'), page('starter'));
    fs.writeFileSync(path.join(dir, 'api-docs/:planId.html'), page('fallback'));
    fs.writeFileSync(path.join(dir, '404.html'), page('missing'));
    fs.writeFileSync(path.join(dir, 'assets/js/main.abc123.js'), 'console.log(1)');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('maps routes to pages, falls back for unknown plans and 404s the rest', async () => {
    const site = loadBuiltSite(dir)!;
    // Each page has one inline script of its own.
    expect([...site.inlineScriptHashes.values()].map((h) => h.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const t = await createTestApp({}, { site });
    expect((await request(t.app).get('/')).text).toContain('home');
    expect((await request(t.app).get('/support')).text).toContain('support');
    expect((await request(t.app).get('/api-docs')).text).toContain('api');
    expect((await request(t.app).get('/api-docs/starter')).text).toContain('starter');
    const unknown = await request(t.app).get('/api-docs/platinum');
    expect(unknown.status).toBe(200);
    expect(unknown.text).toContain('fallback');
    const missing = await request(t.app).get('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('missing');
    const asset = await request(t.app).get('/assets/js/main.abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    // Pages keep the validator they are revalidated with (API answers have none).
    const home = await request(t.app).get('/');
    expect(home.headers.etag).toBeTruthy();
    expect((await request(t.app).get('/').set('If-None-Match', home.headers.etag as string)).status).toBe(304);
    // A page allows its own inline scripts and no other page's.
    const hashesOf = (file: string) => site.inlineScriptHashes.get(path.join(dir, file))!;
    const csp = (await request(t.app).get('/')).headers['content-security-policy'] as string;
    expect(csp).toContain(hashesOf('index.html')[0]);
    expect(csp).not.toContain(hashesOf('support.html')[0]);
    expect((await request(t.app).get('/support')).headers['content-security-policy']).toContain(hashesOf('support.html')[0]);
    expect(missing.headers['content-security-policy']).toContain(hashesOf('404.html')[0]);
    expect(unknown.headers['content-security-policy']).toContain(hashesOf('api-docs/:planId.html')[0]);
    // Files that are not pages get the policy without any page's inline scripts.
    const assetCsp = asset.headers['content-security-policy'] as string;
    expect(assetCsp).toContain("script-src 'self';");
    expect(assetCsp).not.toContain('sha256-');
    expect((await request(t.app).get('/white-label')).status).toBe(401);
    expect((await request(t.app).get('/white-label').set('Authorization', basicAuthHeader())).text).toContain('admin');
    await t.close();
  });

  it('revalidates a page against the file as it is now: a page rebuilt under a running server is sent again', async () => {
    const t = await createTestApp({}, { site: loadBuiltSite(dir)! });
    try {
      const before = await request(t.app).get('/support');
      expect(before.headers.etag).toMatch(/^W\/"/);
      fs.writeFileSync(path.join(dir, 'support.html'), '<html><body>support, rebuilt with more text</body></html>');
      const again = await request(t.app).get('/support').set('If-None-Match', before.headers.etag as string);
      expect(again.status).toBe(200);
      expect(again.text).toContain('rebuilt');
      expect(again.headers.etag).not.toBe(before.headers.etag);
      expect((await request(t.app).get('/support').set('If-None-Match', again.headers.etag as string)).status).toBe(304);
      // The 404 page carries a validator but is never answered 304 (only 2xx answers are).
      const missing = await request(t.app).get('/nowhere');
      expect((await request(t.app).get('/nowhere').set('If-None-Match', missing.headers.etag as string)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('rate-limit key', () => {
  it('counts an IPv4 client once, whether the socket reports it plain or IPv4-mapped', async () => {
    expect(clientKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
  });

  it('groups an IPv6 client by its /56, so rotating addresses inside it does not escape the limit', async () => {
    expect(clientKey({ ip: '2001:db8:0:1::1' })).toBe(clientKey({ ip: '2001:db8:0:1f:ffff::9' }));
    expect(clientKey({ ip: '2001:db8:0:1::1' })).not.toBe(clientKey({ ip: '2001:db8:0:100::1' }));
  });
});
