import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { rawRequest } from '../_lib/raw';
import { createTestApp, basicAuthHeader, type TestApp } from '../_lib/testApp';
import { loadBuiltSite } from '../../../api-server/src/http/site';

const ADMIN_MARKUP = 'ADMIN-ONLY-MARKUP';

describe('the admin page is protected whatever the spelling of its address', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-admin-'));
  let t: TestApp;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const page = (body: string) => `<html><head></head><body>${body}</body></html>`;
    fs.mkdirSync(path.join(dir, 'assets/js'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), page('home'));
    fs.writeFileSync(path.join(dir, '404.html'), page('missing'));
    const admin = page(ADMIN_MARKUP);
    fs.writeFileSync(path.join(dir, 'white-label.html'), admin);
    // Precompressed copies, as a build plugin could write them next to any file.
    fs.writeFileSync(path.join(dir, 'white-label.html.br'), zlib.brotliCompressSync(admin));
    fs.writeFileSync(path.join(dir, 'white-label.html.gz'), zlib.gzipSync(admin));
    fs.writeFileSync(path.join(dir, 'assets/js/main.abc123.js'), 'console.log(1)');
    t = await createTestApp({}, { site: loadBuiltSite(dir)! });
    server = http.createServer(t.app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const HOSTILE = [
    '/white-label',
    '/White-Label',
    '/WHITE-LABEL',
    '/%77hite-label',
    '/white%2Dlabel',
    '/white%2dlabel',
    '/white-label/',
    '/white-label//',
    '//white-label',
    '///white-label',
    '/./white-label',
    '/%2e/white-label',
    '/%2E%2E/white-label',
    '/x/../white-label',
    '/x/%2e%2e/white-label',
    '/assets/../white-label',
    '/white-label.html',
    '/white-label%2Ehtml',
    '/./white-label.html',
    '/white-label/index.html',
    '/white-label.html.br',
    '/white-label.html.gz',
    '/white-label%2F',
    '/white-label;x',
    '/white-label?x',
    '/white-label?',
    '/white-label#x',
    '/white-label/.',
    '/white-label/./',
    '/white-label/x/..',
  ];
  const ENCODINGS = [undefined, 'br', 'gzip', 'br, gzip'];

  it.each(HOSTILE.flatMap((p) => ['GET', 'HEAD'].flatMap((method) => ENCODINGS.map((enc) => ({ p, method, enc })))))(
    '$method $p (Accept-Encoding $enc) never sends the admin page without credentials',
    async ({ p, method, enc }) => {
      const res = await rawRequest(port, p, { method, headers: enc ? { 'Accept-Encoding': enc } : {} });
      expect([p, res.body.includes(ADMIN_MARKUP)]).toEqual([p, false]);
      if (res.status === 200) throw new Error(`${method} ${p} answered 200 without credentials`);
      expect([401, 404]).toContain(res.status);
    },
  );

  it('asks for credentials on every spelling that reaches the page, and serves it with them', async () => {
    for (const p of ['/white-label', '/%77hite-label', '//white-label', '/x/../white-label', '/white-label/', '/white-label%2F']) {
      const anon = await rawRequest(port, p);
      expect([p, anon.status, anon.headers['www-authenticate']]).toEqual([p, 401, expect.stringMatching(/^Basic /)]);
      const ok = await rawRequest(port, p, { headers: { Authorization: basicAuthHeader(), 'Accept-Encoding': 'br' } });
      expect([p, ok.status, ok.body.includes(ADMIN_MARKUP)]).toEqual([p, 200, true]);
      expect(ok.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers malformed percent-encoding with 400 JSON', async () => {
    for (const p of ['/white-label%', '/%E0%A4%A', '/%ZZ', '/assets/js/%']) {
      const res = await rawRequest(port, p);
      expect([p, res.status, res.headers['content-type']]).toEqual([p, 400, expect.stringContaining('application/json')]);
      expect(JSON.parse(res.body)).toEqual({ success: false, error: expect.stringMatching(/percent-encoding/) });
    }
  });

  it('still serves assets, also under a non-canonical spelling, and the 404 page', async () => {
    for (const p of ['/assets/js/main.abc123.js', '//assets/js/main.abc123.js', '/assets/js/./main.abc123.js']) {
      const res = await rawRequest(port, p);
      expect([p, res.status, res.body]).toEqual([p, 200, 'console.log(1)']);
    }
    expect((await rawRequest(port, '/nowhere')).status).toBe(404);
    expect((await rawRequest(port, '/')).body).toContain('home');
  });
});
