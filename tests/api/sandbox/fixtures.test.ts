/**
 * The Testing page's magic values (src/data/apiReference/fixtures.ts): each one answers its
 * documented error every time, sent as the OpenAPI document's named example shows it.
 */
import request from 'supertest';
import { endpointById, MAGIC, SAMPLE_IDS, SANDBOX_FIXTURES, SIMULATE_HEADER, SIMULATE_RATE_LIMIT, SIMULATED_RETRY_AFTER_S, type EndpointId } from '../../../src/data/apiReference';
import { buildOpenApiDocument } from '../../../src/data/apiReference/openapi';
import { SANDBOX_BASE_PATH, sandboxRateLimit } from '../../../src/data/sandbox';
import { DEFAULT_SITE_ADDRESSES } from '../../../src/domain/siteAddress';
import pino from 'pino';
import { PLAN_LIMITS } from '../../../src/data/limits';
import { WebhookWorker } from '../../../api-server/src/sandbox/webhooks/worker';
import { createTestApp, unresolvable, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey, schemaErrors, send } from './_sandbox';

type Media = { examples?: Record<string, { value: Record<string, unknown> }> };
const doc = buildOpenApiDocument(DEFAULT_SITE_ADDRESSES) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, Media> } }>> };

/** The named example of a magic value on an operation's request body, as the document lists it. */
function namedBody(id: EndpointId, name: string): Record<string, unknown> {
  const e = endpointById(id);
  const value = doc.paths[e.path]![e.method.toLowerCase()]!.requestBody!.content['application/json']!.examples![name]!.value;
  return { ...e.example, ...value };
}

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe.each(SANDBOX_FIXTURES.filter((f) => f.answer.status === 400))('the magic value "$name"', (fixture) => {
  it('answers its documented error every time, on each operation it affects, and creates nothing', async () => {
    t = await createTestApp();
    const key = await mintKey(t.app, 'business');
    const h = headersFor(key, 'business');
    for (const id of fixture.endpoints as EndpointId[]) {
      const e = endpointById(id);
      const before = (await send(t.app, endpointById('listTransactions'), h, { account_id: SAMPLE_IDS.account })).body as unknown;
      for (let i = 0; i < 2; i++) {
        const res = await send(t.app, e, h, namedBody(id, fixture.name));
        const { status, ...error } = fixture.answer as { status: number };
        expect([id, res.status, (res.body as { error: object }).error]).toEqual([id, status, { ...error, request_id: res.headers['request-id'] }]);
        expect(schemaErrors(e, res.status, res.body)).toBeNull();
      }
      expect((await send(t.app, endpointById('listTransactions'), h, { account_id: SAMPLE_IDS.account })).body).toEqual(before);
    }
  });
});

it("ends every test event to a webhook on .invalid as a failed delivery, after the plan's retries", async () => {
  t = await createTestApp();
  const worker = new WebhookWorker({ rules: { resolver: unresolvable, allow: [] }, transact: (w) => t.storage.writes.run(w), logger: pino({ level: 'silent' }), retryDelayMs: () => 10, pollMs: 20 });
  try {
    const key = await mintKey(t.app, 'starter');
    const h = headersFor(key, 'starter');
    const hook = await send(t.app, endpointById('createWebhook'), h, namedBody('createWebhook', 'delivery_fails'));
    expect([hook.status, hook.body.url]).toEqual([201, MAGIC.failingWebhookUrl]);
    const fixture = SANDBOX_FIXTURES.find((f) => f.name === 'delivery_fails')!.answer as { deliveryStatus: string };
    for (let i = 0; i < 2; i++) {
      const delivery = await send(t.app, endpointById('testWebhook'), h, { id: hook.body.id, event: 'payment.succeeded' });
      expect([delivery.status, delivery.body.status]).toEqual([201, 'pending']);
      expect(schemaErrors(endpointById('testWebhook'), 201, delivery.body)).toBeNull();
    }
    worker.start();
    const list = async () => (await send(t.app, endpointById('listWebhookDeliveries'), h, { id: hook.body.id })).body.data as { status: string; attempts: unknown[] }[];
    const deadline = Date.now() + 5_000;
    while ((await list()).some((d) => d.status === 'pending') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect((await list()).map((d) => [d.status, d.attempts.length])).toEqual([1, 2].map(() => [fixture.deliveryStatus, 1 + PLAN_LIMITS.starter.webhookRetryAttempts]));
    const hooks = (await send(t.app, endpointById('listWebhooks'), h, {})).body.data as { id: string; last_delivery: { status: string } | null }[];
    expect(hooks.find((w) => w.id === hook.body.id)!.last_delivery).toMatchObject({ status: fixture.deliveryStatus });
  } finally {
    await worker.stop();
  }
});

it(`answers 429 with Retry-After on ${SIMULATE_HEADER}: ${SIMULATE_RATE_LIMIT}, on any call, without using the key's quota`, async () => {
  t = await createTestApp({ SANDBOX_RATE_LIMIT_SCALE: '0.01' });
  const key = await mintKey(t.app, 'starter');
  const h = headersFor(key, 'starter');
  expect(sandboxRateLimit('starter', 0.01)).toBe(1);
  for (const id of ['listBankAccounts', 'createPayment', 'getProfitLossReport'] as const) {
    const res = await send(t.app, endpointById(id), { ...h, [SIMULATE_HEADER]: SIMULATE_RATE_LIMIT });
    expect([id, res.status, res.headers['retry-after'], res.body.error.type, res.body.error.code]).toEqual([id, 429, String(SIMULATED_RETRY_AFTER_S), 'rate_limit_error', 'rate_limit_exceeded']);
    expect(schemaErrors(endpointById(id), 429, res.body)).toBeNull();
  }
  // The key's one request a minute is still there.
  expect((await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set(h)).status).toBe(200);
});
