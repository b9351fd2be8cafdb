/**
 * The server as `npm start` runs it delivers webhooks to an endpoint whose test certificate it
 * trusts through NODE_EXTRA_CA_CERTS (the way: no test-only option in the process),
 * reaches 127.0.0.1 only because SANDBOX_WEBHOOK_ALLOW says so (and says so at start), and
 * delivers after a graceful restart what was queued before it.
 */
import fs from 'node:fs';
import { API_VERSION, NODE_VERIFY_SAMPLE, WEBHOOK_HEADERS } from '../../../src/data/apiReference';
import { SANDBOX_BASE_PATH, SANDBOX_KEYS_URL } from '../../../src/data/sandbox';
import { startServer, type RunningServer } from '../../e2e/_lib/server';
import { testDatabaseUrl } from '../_lib/testApp';
import { makeTestCa, startEndpoint, type TestCa, type TestEndpoint } from './_endpoint';
import path from 'node:path';

let ca: TestCa;
let e: TestEndpoint;
let server: RunningServer | undefined;
beforeAll(async () => {
  ca = makeTestCa();
  e = await startEndpoint(ca);
});
afterAll(async () => {
  await e.close();
  fs.rmSync(ca.dir, { recursive: true, force: true });
});
afterEach(() => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) server.process.kill('SIGKILL');
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function call(base: string, method: string, p: string, key: string | undefined, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}`, 'x-api-version': API_VERSION } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it('delivers through the real server with NODE_EXTRA_CA_CERTS, logs SANDBOX_WEBHOOK_ALLOW, and survives a graceful restart', async () => {
  const databaseUrl = await testDatabaseUrl();
  const env = {
    NODE_EXTRA_CA_CERTS: ca.caFile,
    SANDBOX_WEBHOOK_ALLOW: `127.0.0.1:${e.port}`,
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  server = await startServer({ env });
  expect(server.output()).toContain(`Sandbox webhooks may reach (SANDBOX_WEBHOOK_ALLOW): 127.0.0.1:${e.port}`);
  const { key } = (await call(server.url, 'POST', SANDBOX_KEYS_URL, undefined, { plan: 'business' })).body as { key: string };
  const hook = await call(server.url, 'POST', `${SANDBOX_BASE_PATH}/webhooks`, key, { url: e.url(), events: ['payment.succeeded'] });
  expect(hook.status).toBe(201);
  const test = await call(server.url, 'POST', `${SANDBOX_BASE_PATH}/webhooks/${String(hook.body.id)}/test`, key, { event: 'payment.succeeded' });
  expect(test.status).toBe(201);
  const [got] = await e.waitFor(1);
  const file = path.join(ca.dir, 'verify-process.cjs');
  fs.writeFileSync(file, NODE_VERIFY_SAMPLE);
  const { verifyWebhookSignature } = require(file) as { verifyWebhookSignature: (b: Buffer, s: string, t: string, k: string) => boolean };
  expect(verifyWebhookSignature(got!.body, String(got!.headers[WEBHOOK_HEADERS.signature.toLowerCase()]), String(got!.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]), String(hook.body.secret))).toBe(true);

  // Queued while the endpoint is down, then SIGTERM: the next start (same data) delivers it.
  const port = e.port;
  await e.close();
  const second = await call(server.url, 'POST', `${SANDBOX_BASE_PATH}/webhooks/${String(hook.body.id)}/test`, key, { event: 'payment.succeeded' });
  expect(second.status).toBe(201);
  expect(await server.stop()).toBe(0);
  e = await startEndpoint(ca, undefined, port);
  server = await startServer({ env, dataDir: server.dataDir });
  const [again] = await e.waitFor(1, 15_000);
  expect(JSON.parse(again!.body.toString())).toEqual(JSON.parse(String(second.body.body)));
});
