/**
 * Deliveries to a registered endpoint (issue 27): signed as the docs' verification sample
 * checks, retried on the plan's schedule, failed after the last retry, resent on demand, and
 * never sent where the rules forbid (rebinding, redirects).
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { API_ENDPOINTS, endpointById, NODE_VERIFY_SAMPLE, WEBHOOK_HEADERS } from '../../../src/data/apiReference';
import { PLAN_LIMITS } from '../../../src/data/limits';
import { SANDBOX_BASE_PATH, SANDBOX_WEBHOOK_DELIVERY } from '../../../src/data/sandbox';
import type { Resolver } from '../../../api-server/src/sandbox/webhooks/addresses';
import { appsClosedAfterEach, schemaErrors, send } from '../sandbox/_sandbox';
import { makeTestCa, startEndpoint, type TestCa, type TestEndpoint } from './_endpoint';
import { createHook, deliveries, sendTest, settled, workersStoppedAfterEach } from './_deliveries';

type Verify = (rawBody: Buffer, signature: string, timestamp: string, secret: string) => boolean;

let ca: TestCa;
let verify: Verify;
const endpoints: TestEndpoint[] = [];
beforeAll(() => {
  ca = makeTestCa();
  // The docs' own Node.js sample, as a developer would save and require it.
  const file = path.join(ca.dir, 'verify.cjs');
  fs.writeFileSync(file, NODE_VERIFY_SAMPLE);
  verify = (require(file) as { verifyWebhookSignature: Verify }).verifyWebhookSignature;
});
afterAll(() => fs.rmSync(ca.dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const e of endpoints.splice(0)) await e.close();
});
const app = appsClosedAfterEach();
const worker = workersStoppedAfterEach();

async function endpoint(answers?: Parameters<typeof startEndpoint>[1]): Promise<TestEndpoint> {
  const e = await startEndpoint(ca, answers);
  endpoints.push(e);
  return e;
}
const allowing = (e: TestEndpoint) => ({ SANDBOX_WEBHOOK_ALLOW: `127.0.0.1:${e.port}` });
const header = (r: { headers: Record<string, string | string[] | undefined> }, name: string) => String(r.headers[name.toLowerCase()]);

it('POSTs the signed event to the endpoint; the docs\' verification sample accepts it, and the delivery and webhook record the outcome', async () => {
  const e = await endpoint([{ status: 200, body: '{"received":true}' }]);
  const t = await app(allowing(e));
  worker(t, ca);
  const hook = await createHook(t, e.url());
  const res = await sendTest(t, hook);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'pending', attempts: [], url: e.url() });
  expect(schemaErrors(endpointById('testWebhook'), 201, res.body)).toBeNull();

  const [got] = await e.waitFor(1);
  expect(got!.method).toBe('POST');
  expect(got!.url).toBe('/webhooks');
  expect(header(got!, 'content-type')).toBe('application/json');
  expect(header(got!, WEBHOOK_HEADERS.eventType)).toBe('payment.succeeded');
  expect(got!.body.toString()).toBe(res.body.body);
  expect(verify(got!.body, header(got!, WEBHOOK_HEADERS.signature), header(got!, WEBHOOK_HEADERS.timestamp), hook.secret)).toBe(true);
  expect(verify(got!.body, header(got!, WEBHOOK_HEADERS.signature), header(got!, WEBHOOK_HEADERS.timestamp), 'whsec_wrong')).toBe(false);

  const done = await settled(t, hook, res.body.id as string);
  expect(done).toMatchObject({ status: 'succeeded', next_attempt_at: null, attempts: [{ http_status: 200, error: null, response_body: '{"received":true}' }] });
  expect((done.headers as Record<string, string>)[WEBHOOK_HEADERS.signature]).toBe(header(got!, WEBHOOK_HEADERS.signature));
  const list = await request(t.app).get(`${SANDBOX_BASE_PATH}/webhooks/${hook.id}/deliveries`).set(hook.headers);
  expect(schemaErrors(endpointById('listWebhookDeliveries'), 200, list.body)).toBeNull();
  const hooks = await request(t.app).get(`${SANDBOX_BASE_PATH}/webhooks`).set(hook.headers);
  expect(hooks.body.data.find((w: { id: string }) => w.id === hook.id).last_delivery).toMatchObject({ status: 'succeeded' });
});

it('retries with backoff, each attempt signed with a fresh timestamp, until the endpoint answers 2xx', async () => {
  const e = await endpoint([{ status: 500, body: 'boom' }, { status: 503 }, { status: 204 }]);
  const t = await app(allowing(e));
  // A clock that moves 2 s at each look, so every attempt has its own second.
  let clock = Date.now();
  const waits: number[] = [];
  worker(t, ca, { now: () => (clock += 2_000), retryDelayMs: (n) => (waits.push(n), 10) });
  const hook = await createHook(t, e.url());
  const res = await sendTest(t, hook);
  const got = await e.waitFor(3);
  const done = await settled(t, hook, res.body.id as string);
  expect(done.status).toBe('succeeded');
  expect((done.attempts as { http_status: number; error: string | null }[]).map((a) => [a.http_status, a.error])).toEqual([[500, 'HTTP 500'], [503, 'HTTP 503'], [204, null]]);
  expect((done.attempts as { response_body: string }[])[0]!.response_body).toBe('boom');
  expect(waits).toEqual([1, 2]);
  const stamps = got.map((r) => header(r, WEBHOOK_HEADERS.timestamp));
  expect(new Set(stamps).size).toBe(3);
  // Each attempt's own signature verifies (against its own timestamp; the sample's tolerance is 5 minutes).
  for (const r of got) {
    const sentAt = Number(header(r, WEBHOOK_HEADERS.timestamp));
    const sample = require(path.join(ca.dir, 'verify.cjs')) as { verifyWebhookSignature: (...a: unknown[]) => boolean };
    expect(sample.verifyWebhookSignature(r.body, header(r, WEBHOOK_HEADERS.signature), String(sentAt), hook.secret, 300, sentAt)).toBe(true);
  }
});

it("fails after the plan's documented retries, and stops trying", async () => {
  const e = await endpoint([{ status: 500 }]);
  const t = await app(allowing(e));
  worker(t, ca);
  const hook = await createHook(t, e.url(), 'starter');
  const res = await sendTest(t, hook);
  const attempts = 1 + PLAN_LIMITS.starter.webhookRetryAttempts;
  await e.waitFor(attempts);
  const done = await settled(t, hook, res.body.id as string);
  expect(done).toMatchObject({ status: 'failed', next_attempt_at: null });
  expect(done.attempts).toHaveLength(attempts);
  await new Promise((r) => setTimeout(r, 200));
  expect(e.received).toHaveLength(attempts);
  const hooks = await request(t.app).get(`${SANDBOX_BASE_PATH}/webhooks`).set(hook.headers);
  expect(hooks.body.data.find((w: { id: string }) => w.id === hook.id).last_delivery).toMatchObject({ status: 'failed' });
});

it('resends one delivery: the same event, as a new delivery, signed afresh', async () => {
  const e = await endpoint();
  const t = await app(allowing(e));
  worker(t, ca);
  const hook = await createHook(t, e.url());
  const first = await sendTest(t, hook);
  await settled(t, hook, first.body.id as string);
  // As the docs' samples send it: no body.
  const resent = await request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks/${hook.id}/deliveries/${first.body.id}/resend`).set(hook.headers);
  expect(resent.status).toBe(201);
  expect(schemaErrors(endpointById('resendWebhookDelivery'), 201, resent.body)).toBeNull();
  expect(resent.body).toMatchObject({ status: 'pending', body: first.body.body, webhook_id: hook.id });
  expect(resent.body.id).not.toBe(first.body.id);
  const got = await e.waitFor(2);
  expect(got[1]!.body.toString()).toBe(got[0]!.body.toString());
  expect(verify(got[1]!.body, header(got[1]!, WEBHOOK_HEADERS.signature), header(got[1]!, WEBHOOK_HEADERS.timestamp), hook.secret)).toBe(true);
  expect((await settled(t, hook, resent.body.id as string)).status).toBe('succeeded');
  const missing = await request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks/${hook.id}/deliveries/whd_missing/resend`).set(hook.headers).send({});
  expect(missing.status).toBe(404);
});

it('does not follow a redirect: a 302 to a private URL is a failed attempt', async () => {
  const e = await endpoint([{ status: 302, headers: { location: 'https://10.0.0.1/internal' } }, { status: 302, headers: { location: 'https://10.0.0.1/internal' } }, { status: 200 }]);
  const t = await app(allowing(e));
  worker(t, ca);
  const hook = await createHook(t, e.url());
  const res = await sendTest(t, hook);
  await e.waitFor(3);
  const done = await settled(t, hook, res.body.id as string);
  expect((done.attempts as { http_status: number; error: string }[]).slice(0, 2)).toEqual([
    expect.objectContaining({ http_status: 302, error: 'redirect not followed' }),
    expect.objectContaining({ http_status: 302, error: 'redirect not followed' }),
  ]);
  expect(e.received.map((r) => r.url)).toEqual(['/webhooks', '/webhooks', '/webhooks']);
});

it('checks again at each attempt: a name that resolved to a public address at registration and to 127.0.0.1 later is refused (rebinding)', async () => {
  const e = await endpoint();
  const answers = ['93.184.215.14', '127.0.0.1'];
  const rebinding: Resolver = async () => [{ address: answers.length > 1 ? answers.shift()! : answers[0]!, family: 4 }];
  const t = await app({}, { webhooks: { rules: { resolver: rebinding, allow: [] } } });
  worker(t, ca, { resolver: rebinding });
  const hook = await createHook(t, 'https://rebind.test/webhooks', 'starter');
  const res = await sendTest(t, hook);
  const done = await settled(t, hook, res.body.id as string);
  expect(done.status).toBe('failed');
  expect((done.attempts as { error: string; http_status: null }[])[0]).toMatchObject({ http_status: null, error: "refused: webhooks can't be delivered to loopback addresses" });
  expect(e.received).toHaveLength(0);
});

it('connects to the address it checked, with the URL\'s name for TLS, and resolves once per attempt', async () => {
  const e = await endpoint();
  let lookups = 0;
  // Any second lookup within an attempt would get an address nobody listens on.
  const resolver: Resolver = async () => [{ address: lookups++ % 2 === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
  const allow = { SANDBOX_WEBHOOK_ALLOW: `hooks.test:${e.port}` };
  const t = await app(allow, { webhooks: { rules: { resolver: async () => [{ address: '127.0.0.1', family: 4 }], allow: [`hooks.test:${e.port}`] } } });
  worker(t, ca, { resolver });
  const hook = await createHook(t, `https://hooks.test:${e.port}/webhooks`);
  const res = await sendTest(t, hook);
  const [got] = await e.waitFor(1);
  expect(got!.servername).toBe('hooks.test');
  expect(header(got!, 'host')).toBe(`hooks.test:${e.port}`);
  expect((await settled(t, hook, res.body.id as string)).status).toBe('succeeded');
  expect(lookups).toBe(1);
});

it('fails every attempt to the magic .invalid domain, as the Testing page documents', async () => {
  const t = await app();
  const asked: string[] = [];
  worker(t, ca, { resolver: async (h) => (asked.push(h), []) });
  const hook = await createHook(t, 'https://endpoint.invalid/webhooks', 'starter');
  const res = await sendTest(t, hook);
  const done = await settled(t, hook, res.body.id as string);
  expect(done.status).toBe('failed');
  expect((done.attempts as { error: string }[]).every((a) => a.error === 'endpoint.invalid does not resolve')).toBe(true);
  expect(asked).toEqual([]);
});

it('limits the deliveries one key may queue a minute', async () => {
  const t = await app();
  const hook = await createHook(t, 'https://endpoint.invalid/webhooks', 'enterprise');
  for (let i = 0; i < SANDBOX_WEBHOOK_DELIVERY.perKeyPerMinute; i++) expect((await sendTest(t, hook)).status).toBe(201);
  const refused = await sendTest(t, hook);
  expect(refused.status).toBe(429);
  expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'webhook_delivery_limit' });
});

it('reads at most the documented number of bytes of an answer, and gives up on an endpoint that takes too long', async () => {
  const e = await endpoint([{ status: 200, body: 'x'.repeat(SANDBOX_WEBHOOK_DELIVERY.maxResponseBytes * 5) }, { status: 200, delayMs: 1_000 }]);
  const t = await app(allowing(e));
  worker(t, ca, { outbound: { ca: ca.ca, totalTimeoutMs: 300 } });
  const hook = await createHook(t, e.url(), 'starter');
  const big = await sendTest(t, hook);
  const bigDone = await settled(t, hook, big.body.id as string);
  expect((bigDone.attempts as { response_body: string }[])[0]!.response_body).toBe('x'.repeat(SANDBOX_WEBHOOK_DELIVERY.maxResponseBytes));
  const slow = await sendTest(t, hook);
  await e.waitFor(2);
  const deadline = Date.now() + 5_000;
  let attempts: { error: string | null; http_status: number | null }[] = [];
  while (!attempts.length && Date.now() < deadline) {
    attempts = ((await deliveries(t, hook)).find((d) => d.id === slow.body.id)!.attempts as typeof attempts);
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(attempts[0]).toMatchObject({ http_status: null, error: 'timed out after 300 ms' });
});

it('sends at most the per-host number of attempts to one host at a time', async () => {
  const e = await endpoint([{ status: 200, delayMs: 150 }]);
  const t = await app(allowing(e));
  worker(t, ca, { perHostConcurrency: 1 });
  const hook = await createHook(t, e.url(), 'enterprise');
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push((await sendTest(t, hook)).body.id as string);
  await e.waitFor(4);
  for (const id of ids) expect((await settled(t, hook, id)).attempts).toHaveLength(1);
  expect(e.maxConcurrent()).toBe(1);
  expect(SANDBOX_WEBHOOK_DELIVERY.perHostConcurrency).toBeGreaterThan(0);
});

describe('sandbox calls that document an event', () => {
  const firing = API_ENDPOINTS.filter((ep) => ep.events?.length);

  it('are the ones whose description says "You receive <event>"', () => {
    const said = API_ENDPOINTS.filter((ep) => /You receive \S+/.test(ep.description)).map((ep) => [ep.id, [/You receive (\S+)/.exec(ep.description)![1]]]);
    expect(firing.map((ep) => [ep.id, ep.events])).toEqual(said);
  });

  it.each(firing.map((ep) => [ep.id, ep] as const))('%s queues its event for each subscribed, active webhook, and not for others', async (_id, ep) => {
    const e = await endpoint();
    const t = await app(allowing(e));
    worker(t, ca);
    const type = ep.events![0]!;
    const hook = await createHook(t, e.url(), 'enterprise', [type]);
    // Another webhook of the key, subscribed to something else: nothing for it.
    const other = await request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks`).set(hook.headers).send({ url: e.url('/other'), events: ['payment.succeeded'] });
    const inactive = await request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks`).set(hook.headers).send({ url: e.url('/inactive'), events: [type], active: false });
    const res = await send(t.app, ep, hook.headers);
    expect(res.status).toBeLessThan(300);
    const [got] = await e.waitFor(1);
    const event = JSON.parse(got!.body.toString()) as { type: string; data: { object: { id: string } } };
    expect(event.type).toBe(type);
    expect(event.data.object.id).toBe(res.body.id);
    expect(got!.url).toBe('/webhooks');
    expect(await deliveries(t, hook)).toHaveLength(1);
    expect((await deliveries(t, { ...hook, id: other.body.id as string })).filter((d) => d.event_type === type)).toHaveLength(0);
    expect(await deliveries(t, { ...hook, id: inactive.body.id as string })).toHaveLength(0);
  });
});
