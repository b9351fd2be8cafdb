/**
 * Unknown addresses, any method: the product's own 404. JSON for API clients (under /api and
 * /sandbox, or asking for JSON), the site's 404 page for browsers when a site is built; never
 * Express's "Cannot POST /x" page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadBuiltSite } from '../../../api-server/src/http/site';
import { createTestApp, type TestApp } from '../_lib/testApp';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

function send(t: TestApp, method: Method, url: string, accept?: string) {
  const req = request(t.app)[method](url);
  if (accept !== undefined) req.set('Accept', accept);
  // Writes carry a JSON body, as API clients send them (the live API refuses other types first).
  return method === 'get' ? req : req.send({});
}

function expectJson404(res: request.Response, label: string) {
  expect([label, res.status, res.headers['content-type']]).toEqual([label, 404, expect.stringContaining('application/json')]);
  expect(res.body).toEqual({ success: false, error: expect.stringMatching(/(matches|answers) [A-Z]+ \//) });
  expect(res.text).not.toMatch(/Cannot [A-Z]+/);
}

describe('unknown addresses without a built site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(METHODS)('answers %s with JSON 404 whatever the Accept header', async (method) => {
    for (const url of ['/anything', '/deep/er/path', '/api/nope', '/sandbox/nope', '/api-docs-nope'])
      for (const accept of [undefined, '*/*', BROWSER, 'application/json']) expectJson404(await send(t, method, url, accept), `${method} ${url} ${accept}`);
  });
});

describe('unknown addresses with a built site', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-404-'));
  let t: TestApp;
  beforeAll(async () => {
    const page = (body: string) => `<html><head></head><body>${body}</body></html>`;
    fs.writeFileSync(path.join(dir, 'index.html'), page('home'));
    fs.writeFileSync(path.join(dir, '404.html'), page('page-not-found'));
    t = await createTestApp({}, { site: loadBuiltSite(dir)! });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(METHODS)('shows a browser the 404 page on %s', async (method) => {
    for (const url of ['/anything', '/deep/er/path', '/api-docs-nope']) {
      const res = await send(t, method, url, BROWSER);
      expect([url, res.status, res.headers['content-type']]).toEqual([url, 404, expect.stringContaining('text/html')]);
      expect(res.text).toContain('page-not-found');
      expect(res.headers['content-security-policy']).toBeDefined();
    }
  });

  it.each(METHODS)('answers API clients on %s with JSON 404', async (method) => {
    for (const url of ['/api/nope', '/sandbox/nope', '/sandbox']) expectJson404(await send(t, method, url, BROWSER), `${method} ${url}`);
    expectJson404(await send(t, method, '/anything', 'application/json'), `${method} /anything as JSON`);
  });

  it('answers writes without a browser Accept header in JSON, and plain GETs with the page', async () => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      for (const accept of [undefined, '*/*']) expectJson404(await send(t, method, '/anything', accept), `${method} ${accept}`);
    }
    for (const accept of [undefined, '*/*']) expect((await send(t, 'get', '/anything', accept)).text).toContain('page-not-found');
    expect((await request(t.app).head('/anything').set('Accept', BROWSER)).status).toBe(404);
  });
});
