/**
 * Each sandbox key's request log (GET /api/sandbox/requests): what was sent and answered,
 * newest first, capped, per key, without the key, on every instance of one database.
 */
import { LATEST_API_VERSION } from '../../../src/data/apiVersioning';
import request from 'supertest';
import type { Express } from 'express';
import { endpointById as endpoint, SAMPLE_IDS } from '../../../src/data/apiReference';
import {
  SANDBOX_BASE_PATH,
  SANDBOX_KEY_TTL_MS,
  SANDBOX_REDACTED,
  SANDBOX_REQUEST_LOG_BODY_BYTES,
  SANDBOX_REQUEST_LOG_SIZE,
  SANDBOX_REQUESTS_URL,
} from '../../../src/data/sandbox';
import type { LoggedRequest } from '../../../src/schemas/sandbox';
import { appsClosedAfterEach, headersFor, mintKey, send } from './_sandbox';

// The answer's shape is the server's own type: a field renamed there fails to compile here.
type Entry = LoggedRequest;

const app = appsClosedAfterEach();

async function logOf(app: Express, key: string, query = ''): Promise<Entry[]> {
  const res = await request(app).get(`${SANDBOX_REQUESTS_URL}${query}`).set('Authorization', `Bearer ${key}`);
  expect(res.status).toBe(200);
  return (res.body as { data: Entry[] }).data;
}

it('lists the key’s requests newest first, with method, path, query, status, bodies and the Request-Id, right after each answer', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'business');
  const h = headersFor(key, 'business');
  const list = await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/transactions`).query({ account_id: SAMPLE_IDS.account, limit: 2 }).set(h);
  expect(list.status).toBe(200);
  // Read at once: the entry is there as soon as the answer is.
  expect((await logOf(t.app, key)).map((e) => e.id)).toEqual([list.headers['request-id']]);

  const payment = await send(t.app, endpoint('createPayment'), h);
  expect(payment.status).toBe(201);
  const refused = await request(t.app).post(`${SANDBOX_BASE_PATH}/banking/payments`).set(h).send({ amount: 'ten' });
  expect(refused.status).toBe(400);

  const log = await logOf(t.app, key);
  expect(log.map((e) => e.id)).toEqual([refused.headers['request-id'], payment.headers['request-id'], list.headers['request-id']]);
  expect(log[2]).toEqual({
    id: list.headers['request-id'],
    created: t.clock.now.toISOString(),
    clockTime: t.clock.now.toISOString().replace('.000Z', 'Z'),
    method: 'GET',
    path: `${SANDBOX_BASE_PATH}/banking/transactions`,
    query: `account_id=${SAMPLE_IDS.account}&limit=2`,
    status: 200,
    durationMs: expect.any(Number),
    request: { headers: expect.objectContaining({ 'x-plan-type': 'business', 'x-api-version': 'v1' }), body: null },
    response: { body: list.body },
    apiVersion: 'v1',
  });
  expect(log[1]).toMatchObject({ method: 'POST', status: 201, query: '', request: { body: endpoint('createPayment').example }, response: { body: payment.body } });
  expect(log[0]).toMatchObject({ status: 400, request: { body: { amount: 'ten' } }, response: { body: refused.body } });
  expect((await logOf(t.app, key, '?limit=1')).map((e) => e.id)).toEqual([refused.headers['request-id']]);
});

it('names the version that answered: the header\'s, else the key\'s pin', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'business');
  const { 'X-API-Version': _v, ...pinned } = headersFor(key, 'business');
  expect((await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set(pinned)).status).toBe(200);
  expect((await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set(headersFor(key, 'business'))).status).toBe(200);
  expect((await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set({ ...pinned, 'X-API-Version': 'v0' })).status).toBe(400);
  expect((await logOf(t.app, key)).map((e) => e.apiVersion)).toEqual([null, 'v1', LATEST_API_VERSION]);
});

it('finds every one of concurrent requests as soon as their answers are in', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'enterprise');
  const answers = await Promise.all(Array.from({ length: 12 }, () => send(t.app, endpoint('listBankAccounts'), headersFor(key, 'enterprise'))));
  const ids = (await logOf(t.app, key)).map((e) => e.id);
  expect(ids.sort()).toEqual(answers.map((a) => a.headers['request-id'] as string).sort());
});

it(`keeps the last ${SANDBOX_REQUEST_LOG_SIZE} requests of a key and caps each body at ${SANDBOX_REQUEST_LOG_BODY_BYTES} bytes`, async () => {
  const t = await app();
  const key = await mintKey(t.app, 'enterprise');
  const h = headersFor(key, 'enterprise');
  const ids: string[] = [];
  for (let i = 0; i < SANDBOX_REQUEST_LOG_SIZE + 4; i++) ids.push((await send(t.app, endpoint('listBankAccounts'), h)).headers['request-id'] as string);
  const big = await request(t.app).post(`${SANDBOX_BASE_PATH}/banking/payments`).set(h).send({ description: 'é'.repeat(6000) });
  ids.push(big.headers['request-id'] as string);

  const log = await logOf(t.app, key);
  expect(log.map((e) => e.id)).toEqual(ids.slice(-SANDBOX_REQUEST_LOG_SIZE).reverse());
  const body = log[0]!.request.body as string;
  expect(typeof body).toBe('string');
  expect(body.startsWith('{"description":"éé')).toBe(true);
  expect(body).toMatch(/…\[truncated: 12018 bytes in all, the first 8192 kept\]$/);
  expect(Buffer.byteLength(body.slice(0, body.indexOf('…[truncated')))).toBeLessThanOrEqual(SANDBOX_REQUEST_LOG_BODY_BYTES);
  const rows = await t.db.selectFrom('sandbox_requests').select('id').execute();
  expect(rows).toHaveLength(SANDBOX_REQUEST_LOG_SIZE);
});

it('shows each key its own requests only', async () => {
  const t = await app();
  const [a, b] = [await mintKey(t.app, 'starter'), await mintKey(t.app, 'starter')];
  const ra = await send(t.app, endpoint('listBankAccounts'), headersFor(a, 'starter'));
  const rb = await send(t.app, endpoint('listWebhooks'), headersFor(b, 'starter'));
  expect((await logOf(t.app, a)).map((e) => e.id)).toEqual([ra.headers['request-id']]);
  expect((await logOf(t.app, b)).map((e) => e.id)).toEqual([rb.headers['request-id']]);
});

it('never stores or returns the key, wherever the request carried it, and redacts credentials', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'starter');
  await request(t.app)
    .post(`${SANDBOX_BASE_PATH}/banking/payments`)
    .query({ note: key })
    .set({ ...headersFor(key, 'starter'), 'X-Debug': `copied ${key}`, Cookie: 'session=abc' })
    .send({ description: key });
  const res = await request(t.app).get(SANDBOX_REQUESTS_URL).set('Authorization', `Bearer ${key}`);
  expect(res.status).toBe(200);
  expect(res.text).not.toContain(key);
  const [entry] = (res.body as { data: Entry[] }).data;
  expect(entry!.request.headers).toMatchObject({ authorization: `Bearer ${SANDBOX_REDACTED}`, cookie: SANDBOX_REDACTED, 'x-debug': `copied ${SANDBOX_REDACTED}` });
  expect(entry!.query).toBe(`note=${SANDBOX_REDACTED}`);
  expect(entry!.request.body).toEqual({ description: SANDBOX_REDACTED });
  const stored = await t.db.selectFrom('sandbox_requests').selectAll().execute();
  expect(JSON.stringify(stored)).not.toContain(key);
});

it('answers 401 JSON without a valid key, and records nothing for requests refused before the key was accepted', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'starter');
  for (const authorization of [undefined, 'Bearer sk_test_nottherightkeyatallnottherightkey', `Basic ${key}`]) {
    const req = request(t.app).get(SANDBOX_REQUESTS_URL);
    const res = await (authorization ? req.set('Authorization', authorization) : req);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(/API key/) });
  }
  expect((await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/accounts`).set('Authorization', 'Bearer sk_test_unknown')).status).toBe(401);
  expect(await logOf(t.app, key)).toEqual([]);
  expect((await request(t.app).get(`${SANDBOX_REQUESTS_URL}?limit=0`).set('Authorization', `Bearer ${key}`)).status).toBe(400);
});

it('goes with the key: an expired key’s log is deleted by the sweep and is no longer readable', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'starter');
  await send(t.app, endpoint('listBankAccounts'), headersFor(key, 'starter'));
  t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS + 1);
  expect((await request(t.app).get(SANDBOX_REQUESTS_URL).set('Authorization', `Bearer ${key}`)).status).toBe(401);
  await mintKey(t.app, 'starter');
  expect(await t.db.selectFrom('sandbox_requests').selectAll().execute()).toEqual([]);
});

it('is one log for two instances on one database', async () => {
  const a = await app();
  const b = await app({}, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
  const key = await mintKey(a.app, 'business');
  const onA = await send(a.app, endpoint('listBankAccounts'), headersFor(key, 'business'));
  expect((await logOf(b.app, key)).map((e) => e.id)).toEqual([onA.headers['request-id']]);
  const onB = await send(b.app, endpoint('createPayment'), headersFor(key, 'business'));
  expect((await logOf(a.app, key)).map((e) => e.id)).toEqual([onB.headers['request-id'], onA.headers['request-id']]);
});
