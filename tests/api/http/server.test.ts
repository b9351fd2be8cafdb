import net, { type AddressInfo } from 'node:net';
import v8 from 'node:v8';
import type { Server } from 'node:http';
import express from 'express';
import type { Feature } from '../../../api-server/src/deps';
import { FEATURES } from '../../../api-server/src/features';
import { createServer } from '../../../api-server/src/http/server';
import { createTestApp, type TestApp } from '../_lib/testApp';

/**
 * http/server.ts: requests and responses are born with the app's prototypes and keep them all
 * the way to a feature's handler. Express would give them the same prototypes anyway, so what
 * is checked is where they got them: when the server built them (before Express saw them), and
 * that no mounted sub-app swapped them on the way to /api (both cost V8 its fast property access;
 * issue 28).
 */
const seen: { request?: object | null; response?: object | null; fast?: { request: boolean; response: boolean } } = {};

// V8's own answer to "are this object's properties in fast mode?", which only its natives syntax
// asks; the flag counts for code parsed after it is set, as this function is.
v8.setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean;
const probeFeature: Feature = {
  name: 'probe',
  prefix: '/probe',
  migrations: [],
  routes() {
    const router = express.Router();
    router.get('', (req, res) => {
      seen.request = Object.getPrototypeOf(req) as object | null;
      seen.response = Object.getPrototypeOf(res) as object | null;
      seen.fast = { request: hasFastProperties(req), response: hasFastProperties(res) };
      res.json({ ok: true });
    });
    return router;
  },
};

describe('the HTTP server (issue 28)', () => {
  let t: TestApp;
  let server: Server;
  let base: string;
  let atArrival: { request: boolean; response: boolean; fast: { request: boolean; response: boolean } } | undefined;
  beforeAll(async () => {
    t = await createTestApp({}, { features: [...FEATURES, probeFeature] });
    server = createServer(t.app);
    // Runs before Express's own listener: what the server built, before Express touched it.
    server.prependListener('request', (req, res) => {
      atArrival = {
        request: Object.getPrototypeOf(req) === t.app.request,
        response: Object.getPrototypeOf(res) === t.app.response,
        fast: { request: hasFastProperties(req), response: hasFastProperties(res) },
      };
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it("builds each request and response with the app's prototypes, before Express sees them", async () => {
    const res = await fetch(`${base}/api/public-config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty('setupPassword');
    expect(atArrival).toMatchObject({ request: true, response: true });
  });

  it('keeps requests and responses in V8\'s fast mode, not dictionaries, from their birth to the handler', async () => {
    const res = await fetch(`${base}/api/probe`);
    expect(await res.json()).toEqual({ ok: true });
    // Built by Node's constructor.call(this), both were dictionaries from birth (server.ts has why).
    expect(atArrival?.fast).toEqual({ request: true, response: true });
    expect(seen.fast).toEqual({ request: true, response: true });
  });

  it("hands /api requests to the features with the same prototypes: no sub-app re-parents them", async () => {
    const res = await fetch(`${base}/api/probe`);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen.request).toBe(t.app.request);
    expect(seen.response).toBe(t.app.response);
  });

  it('survives a client that hangs up mid-body, and answers two pipelined requests on one connection', async () => {
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => {
      const cut = net.connect(port, '127.0.0.1', () => {
        cut.end('POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na');
        cut.destroy();
        resolve();
      });
    });
    const answers = await new Promise<string>((resolve, reject) => {
      let text = '';
      const both = net.connect(port, '127.0.0.1', () => {
        both.write('GET /api/probe HTTP/1.1\r\nHost: x\r\n\r\nGET /api/probe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      both.on('data', (chunk: Buffer) => (text += chunk.toString()));
      both.on('end', () => resolve(text));
      both.on('error', reject);
    });
    // The second status line follows the first body directly, with no line break before it.
    expect(answers.match(/HTTP\/1\.1 200 OK\r\n/g)).toHaveLength(2);
    expect((await fetch(`${base}/api/public-config`)).status).toBe(200);
  });

  it('answers like the app does: JSON errors, no ETag on API answers, bodies read', async () => {
    const missing = await fetch(`${base}/api/nothing-here`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBeTruthy();
    const probe = await fetch(`${base}/api/probe`);
    expect(probe.headers.get('etag')).toBeNull();
    expect(probe.headers.get('cache-control')).toBe('no-store');
    const bad = await fetch(`${base}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(bad.status).toBe(400);
  });
});
