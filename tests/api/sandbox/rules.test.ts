/**
 * What the reference promises about the sandbox beyond the examples: keys, headers, parameter
 * checks, rate limits, idempotency, cursors, per-key bounds, expiry and signed deliveries.
 */
import { execFileSync } from 'node:child_process';
import vm from 'node:vm';
import request from 'supertest';
import { API_ENDPOINTS, NODE_VERIFY_SAMPLE, PYTHON_VERIFY_SAMPLE, SAMPLE_IDS, WEBHOOK_HEADERS, type ApiEndpoint } from '../../../src/data/apiReference';
import { PLAN_IDS, type PlanId } from '../../../src/data/plans';
import { SANDBOX_BASE_PATH, SANDBOX_KEY_TTL_MS, sandboxRateLimit } from '../../../src/data/sandbox';
import { keyId } from '../../../api-server/src/sandbox/keys';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey, schemaErrors, send } from './_sandbox';

const endpoint = (id: string): ApiEndpoint => API_ENDPOINTS.find((e) => e.id === id)!;
type ErrorBody = { error: { type: string; code: string; message: string; param: string | null; request_id: string } };
const errorOf = (res: { body: unknown }) => (res.body as ErrorBody).error;

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('keys and headers', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('answers 401 authentication_error for a missing, unknown or expired key, with a request id', async () => {
    const e = endpoint('listBankAccounts');
    const missing = await send(t.app, e, { 'X-API-Version': 'v1', 'X-Plan-Type': 'starter' });
    const unknown = await send(t.app, e, headersFor('sk_test_notakey', 'starter'));
    const key = await mintKey(t.app, 'starter');
    expect((await send(t.app, e, headersFor(key, 'starter'))).status).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS);
    const expired = await send(t.app, e, headersFor(key, 'starter'));
    for (const [res, code] of [[missing, 'api_key_missing'], [unknown, 'invalid_api_key'], [expired, 'api_key_expired']] as const) {
      expect([code, res.status, errorOf(res)]).toEqual([code, 401, { type: 'authentication_error', code, message: expect.any(String), param: null, request_id: res.headers['request-id'] }]);
    }
  });

  it('requires X-API-Version of a key pinned to v1; X-Plan-Type is optional and the key\'s plan applies whatever it says', async () => {
    const key = await mintKey(t.app, 'starter');
    const e = endpoint('listBankAccounts');
    const { 'X-API-Version': _v, ...noVersion } = headersFor(key, 'starter');
    // Keys made before versions are pinned to v1, whose document requires the header (tests/api/sandbox/versions.test.ts has the newer pins).
    await t.db.updateTable('sandbox_keys').set({ api_version: 'v1' }).where('id', '=', keyId(key)).execute();
    expect(errorOf(await send(t.app, e, noVersion))).toMatchObject({ type: 'invalid_request_error', code: 'parameter_missing', param: 'X-API-Version' });
    expect(errorOf(await send(t.app, e, { ...headersFor(key, 'starter'), 'X-API-Version': 'v0' }))).toMatchObject({ code: 'api_version_invalid', param: 'X-API-Version' });
    const { 'X-Plan-Type': _p, ...noPlan } = headersFor(key, 'starter');
    const without = await send(t.app, e, noPlan);
    expect([without.status, without.headers['x-plan-type']]).toEqual([200, 'starter']);
    expect(errorOf(await send(t.app, e, { ...noPlan, 'X-Plan-Type': 'gold' }))).toMatchObject({ code: 'parameter_invalid_enum', param: 'X-Plan-Type' });
    // Claiming a bigger plan in the header unlocks nothing: the key's plan answers.
    const claimed = await send(t.app, endpoint('getWhiteLabelConfig'), headersFor(key, 'enterprise'));
    expect([claimed.status, claimed.headers['x-plan-type'], errorOf(claimed)]).toEqual([403, 'starter', expect.objectContaining({ type: 'permission_error', code: 'plan_upgrade_required' })]);
    // And the document's example header (another plan) never refuses a key whose plan has the call.
    const enterprise = await mintKey(t.app, 'enterprise');
    const imported = await send(t.app, endpoint('getWhiteLabelConfig'), headersFor(enterprise, 'business'));
    expect([imported.status, imported.headers['x-plan-type']]).toEqual([200, 'enterprise']);
  });

  it('answers 404 resource_not_found for an unknown path or id', async () => {
    const key = await mintKey(t.app, 'business');
    const h = headersFor(key, 'business');
    const path = await request(t.app).get(`${SANDBOX_BASE_PATH}/banking/nothing`).set(h);
    expect([path.status, errorOf(path)]).toEqual([404, expect.objectContaining({ type: 'resource_not_found', request_id: path.headers['request-id'] })]);
    const account = await send(t.app, endpoint('listTransactions'), h, { account_id: 'acc_missing' });
    expect([account.status, errorOf(account)]).toEqual([404, expect.objectContaining({ type: 'resource_not_found', param: 'account_id', message: 'No such account: acc_missing.' })]);
    const hook = await send(t.app, endpoint('listWebhookDeliveries'), h, { id: 'wh_missing' });
    expect([hook.status, errorOf(hook).param]).toEqual([404, 'id']);
  });
});

describe('parameters', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('refuses missing, unknown, mistyped, out-of-enum and out-of-range parameters naming the param', async () => {
    const key = await mintKey(t.app, 'business');
    const h = headersFor(key, 'business');
    const acct = endpoint('createBankAccount');
    const cases: [ApiEndpoint, Record<string, unknown>, string, string][] = [
      [acct, { currency: 'USD' }, 'parameter_missing', 'account_type'],
      [acct, { account_type: 'gold', currency: 'USD' }, 'parameter_invalid_enum', 'account_type'],
      [acct, { account_type: 'business', currency: 'USD', initial_deposit: -5 }, 'parameter_out_of_range', 'initial_deposit'],
      [acct, { account_type: 'business', currency: 'USD', initial_deposit: '5' }, 'parameter_invalid_type', 'initial_deposit'],
      [endpoint('getProfitLossReport'), { tenant_id: SAMPLE_IDS.tenant, from_date: '2024-09-01', to_date: '2024-09-30', periods: 13 }, 'parameter_out_of_range', 'periods'],
      [endpoint('getProfitLossReport'), { tenant_id: SAMPLE_IDS.tenant, from_date: '2024-02-30', to_date: '2024-09-30' }, 'parameter_invalid_format', 'from_date'],
      [endpoint('listTransactions'), { account_id: SAMPLE_IDS.account, limit: 'ten' }, 'parameter_invalid_type', 'limit'],
    ];
    for (const [e, values, code, param] of cases) {
      const res = await send(t.app, e, h, values);
      expect([code, res.status, errorOf(res)]).toEqual([code, 400, expect.objectContaining({ type: 'invalid_request_error', code, param })]);
      expect(schemaErrors(e, res.status, res.body)).toBeNull();
    }
    const unknown = await request(t.app).post(`${SANDBOX_BASE_PATH}/banking/accounts`).set(h).send({ account_type: 'business', currency: 'USD', colour: 'red' });
    expect(errorOf(unknown)).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
    const post = (body: unknown) => request(t.app).post(`${SANDBOX_BASE_PATH}/banking/accounts`).set(h).set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(errorOf(await post([1, 2]))).toMatchObject({ code: 'body_invalid', param: null });
    expect(JSON.parse('{"__proto__": {"x": 1}}')).toHaveProperty('__proto__');
    const proto = await request(t.app).post(`${SANDBOX_BASE_PATH}/banking/accounts`).set(h).set('Content-Type', 'application/json').send('{"account_type":"business","currency":"USD","__proto__":{"x":1}}');
    expect([proto.status, errorOf(proto)]).toEqual([400, expect.objectContaining({ code: 'parameter_unknown', param: '__proto__' })]);
    const many = await send(t.app, endpoint('syncAccounting'), h, { ...endpoint('syncAccounting').example, transaction_ids: Array.from({ length: 101 }, (_, i) => `txn_${i}`) });
    expect([many.status, errorOf(many)]).toEqual([400, expect.objectContaining({ code: 'parameter_too_long', param: 'transaction_ids' })]);
    const notJson = await request(t.app).post(`${SANDBOX_BASE_PATH}/banking/accounts`).set(h).set('Content-Type', 'application/json').send('{"account_type":');
    expect([notJson.status, errorOf(notJson).type]).toEqual([400, 'invalid_request_error']);
  });

  it("enforces each plan's transaction list limit", async () => {
    for (const plan of PLAN_IDS) {
      const key = await mintKey(t.app, plan);
      const over = await send(t.app, endpoint('listTransactions'), headersFor(key, plan), { account_id: SAMPLE_IDS.account, limit: 51 });
      if (plan === 'starter') expect([plan, over.status, errorOf(over)]).toEqual([plan, 400, expect.objectContaining({ code: 'parameter_out_of_range', param: 'limit' })]);
      else expect([plan, over.status]).toEqual([plan, 200]);
    }
    const key = await mintKey(t.app, 'business');
    expect((await send(t.app, endpoint('listTransactions'), headersFor(key, 'business'), { account_id: SAMPLE_IDS.account, limit: 501 })).status).toBe(400);
  });
});

describe('rate limits', () => {
  it.each(PLAN_IDS.map((p) => [p]))('the %s plan trips at its documented figure (scaled down by SANDBOX_RATE_LIMIT_SCALE)', async (plan: PlanId) => {
    t = await createTestApp({ SANDBOX_RATE_LIMIT_SCALE: '0.01' });
    const limit = sandboxRateLimit(plan, 0.01);
    expect(limit).toBe({ starter: 1, business: 5, enterprise: 20 }[plan]);
    const key = await mintKey(t.app, plan);
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i <= limit; i++) {
      last = await send(t.app, endpoint('listBankAccounts'), headersFor(key, plan));
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(limit).fill(200), 429]);
    expect(errorOf(last!)).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded', request_id: last!.headers['request-id'] });
    expect(last!.headers['ratelimit-policy']).toContain(`q=${limit}`);
    expect(last!.headers.ratelimit).toContain('r=0');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of the same client has its own budget.
    expect((await send(t.app, endpoint('listBankAccounts'), headersFor(await mintKey(t.app, plan), plan))).status).toBe(200);
  });
});

describe('idempotency, cursors, bounds and expiry', () => {
  it('replays a POST with the same Idempotency-Key and body, and refuses the key with another body', async () => {
    t = await createTestApp();
    const key = await mintKey(t.app, 'starter');
    const h = { ...headersFor(key, 'starter'), 'Idempotency-Key': 'pay-1' };
    const pay = endpoint('createPayment');
    const first = await send(t.app, pay, h);
    const again = await send(t.app, pay, h, { ...pay.example, metadata: { order_id: '1042' } });
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.body).toEqual(first.body);
    const other = await send(t.app, pay, h, { ...pay.example, amount: 999 });
    expect([other.status, errorOf(other)]).toEqual([400, expect.objectContaining({ type: 'invalid_request_error', code: 'idempotency_key_reused', param: 'Idempotency-Key' })]);
    // Keys are scoped per API key; after 24 hours the same key starts a new request.
    const key2 = await mintKey(t.app, 'starter');
    const elsewhere = await send(t.app, pay, { ...headersFor(key2, 'starter'), 'Idempotency-Key': 'pay-1' });
    expect([elsewhere.status, elsewhere.body.id === first.body.id]).toEqual([201, false]);
    t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS - 1000);
    // A replayed error keeps its status too: the missing account is answered the same way.
    const txn = endpoint('createTransaction');
    const hx = { ...headersFor(key, 'starter'), 'Idempotency-Key': 'txn-1' };
    const failed = await send(t.app, txn, hx, { ...txn.example, from_account: 'acc_missing' });
    const failedAgain = await send(t.app, txn, hx, { ...txn.example, from_account: 'acc_missing' });
    expect([failed.status, failedAgain.status, errorOf(failedAgain).code, failedAgain.headers['idempotent-replayed']]).toEqual([404, 404, 'resource_missing', 'true']);
    expect(errorOf(failedAgain).request_id).toBe(failedAgain.headers['request-id']);
  });

  it('pages lists with starting_after and has_more', async () => {
    t = await createTestApp();
    const key = await mintKey(t.app, 'business');
    const h = headersFor(key, 'business');
    for (let i = 0; i < 3; i++) expect((await send(t.app, endpoint('createTransaction'), h, { ...endpoint('createTransaction').example, to_account: undefined, amount: i + 1 })).status).toBe(201);
    const seen: string[] = [];
    const more: boolean[] = [];
    let after: string | undefined;
    do {
      const res = await send(t.app, endpoint('listTransactions'), h, { account_id: SAMPLE_IDS.account, limit: 2, starting_after: after });
      expect([res.status, schemaErrors(endpoint('listTransactions'), res.status, res.body)]).toEqual([200, null]);
      const ids = (res.body.data as { id: string }[]).map((x) => x.id);
      seen.push(...ids);
      more.push(res.body.has_more as boolean);
      after = ids.at(-1);
    } while (more.at(-1));
    expect(more).toEqual([true, true, false]);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    // Newest first: the two seeded samples come last.
    expect(seen.slice(-2)).toEqual([SAMPLE_IDS.transaction, 'txn_3MtwBwLkdIwHu8jy']);
    // Filters apply before paging: only the two 2024 samples match, one per page.
    const dated = { account_id: SAMPLE_IDS.account, from_date: '2024-01-01', to_date: '2024-12-31', limit: 1 };
    const p1 = await send(t.app, endpoint('listTransactions'), h, dated);
    const p2 = await send(t.app, endpoint('listTransactions'), h, { ...dated, starting_after: SAMPLE_IDS.transaction });
    expect([p1.body, p2.body]).toEqual([
      { data: [expect.objectContaining({ id: SAMPLE_IDS.transaction })], has_more: true },
      { data: [expect.objectContaining({ id: 'txn_3MtwBwLkdIwHu8jy' })], has_more: false },
    ]);
  });

  it('bounds the objects one key may create with a clear 400', async () => {
    t = await createTestApp({ SANDBOX_MAX_OBJECTS_PER_KEY: '9' });
    const key = await mintKey(t.app, 'starter');
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await send(t.app, endpoint('createPayment'), headersFor(key, 'starter'));
      statuses.push(last.status);
    }
    // Seven seeded samples (the delivery included), two payments, then the bound.
    expect(statuses).toEqual([201, 201, 400, 400]);
    expect(errorOf(last!)).toMatchObject({ type: 'invalid_request_error', code: 'sandbox_object_limit' });
    expect(errorOf(last!).message).toMatch(/holds 9 of the 9 objects a key may hold/);
  });

  it('deletes an expired key and everything it created when it comes back', async () => {
    t = await createTestApp();
    const key = await mintKey(t.app, 'starter');
    const rows = () => t.db.selectFrom('sandbox_objects').select('id').where('key_id', '=', keyId(key)).execute();
    expect((await rows()).length).toBeGreaterThan(0);
    t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS);
    expect(errorOf(await send(t.app, endpoint('listBankAccounts'), headersFor(key, 'starter'))).code).toBe('api_key_expired');
    expect(await rows()).toEqual([]);
    expect(await t.db.selectFrom('sandbox_keys').select('id').execute()).toEqual([]);
  });

  it('deletes an expired key and everything it created at the next sweep', async () => {
    t = await createTestApp();
    const key = await mintKey(t.app, 'starter');
    expect((await send(t.app, endpoint('createPayment'), { ...headersFor(key, 'starter'), 'Idempotency-Key': 'k' })).status).toBe(201);
    const rows = () => t.db.selectFrom('sandbox_objects').select('id').where('key_id', '=', keyId(key)).execute();
    expect((await rows()).length).toBeGreaterThan(0);
    t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS);
    await mintKey(t.app, 'starter');
    expect(await rows()).toEqual([]);
    expect(await t.db.selectFrom('sandbox_idempotency_keys').select('key').where('key', 'like', `${keyId(key)}:%`).execute()).toEqual([]);
    expect(errorOf(await send(t.app, endpoint('listBankAccounts'), headersFor(key, 'starter'))).code).toBe('invalid_api_key');
  });
});

describe('webhook deliveries', () => {
  it('are queued with the documented headers, and verify with the documented Node.js and Python samples', async () => {
    t = await createTestApp();
    const key = await mintKey(t.app, 'business');
    const h = headersFor(key, 'business');
    const created = await send(t.app, endpoint('createWebhook'), h);
    expect(created.status).toBe(201);
    const hook = created.body as { id: string; secret: string };
    expect((await send(t.app, endpoint('testWebhook'), h, { id: hook.id, event: 'account.updated' })).status).toBe(201);
    const list = await send(t.app, endpoint('listWebhookDeliveries'), h, { id: hook.id });
    expect([list.status, schemaErrors(endpoint('listWebhookDeliveries'), list.status, list.body)]).toEqual([200, null]);
    const [delivery] = list.body.data as { headers: Record<string, string>; body: string; event_type: string }[];
    expect(delivery!.event_type).toBe('account.updated');
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'account.updated', data: { object: { id: SAMPLE_IDS.account } } });
    const signature = delivery!.headers[WEBHOOK_HEADERS.signature]!;
    const timestamp = delivery!.headers[WEBHOOK_HEADERS.timestamp]!;
    const now = Number(timestamp) + 1;

    // The Node.js sample, run in-process exactly as the docs show it.
    const module = { exports: {} as { verifyWebhookSignature?: (...a: unknown[]) => boolean } };
    vm.runInNewContext(NODE_VERIFY_SAMPLE, { require, module, exports: module.exports, Buffer });
    const verify = module.exports.verifyWebhookSignature!;
    expect(verify(delivery!.body, signature, timestamp, hook.secret, 300, now)).toBe(true);
    expect(verify(delivery!.body.replace('account.updated', 'account.deleted'), signature, timestamp, hook.secret, 300, now)).toBe(false);
    expect(verify(delivery!.body, signature, timestamp, 'whsec_other', 300, now)).toBe(false);

    const python = `${PYTHON_VERIFY_SAMPLE}\nimport sys, json\na = json.loads(sys.stdin.read())\nprint(verify_webhook_signature(a["body"].encode(), a["signature"], a["timestamp"], a["secret"], now=a["now"]))`;
    const out = execFileSync('python3', ['-c', python], { input: JSON.stringify({ body: delivery!.body, signature, timestamp, secret: hook.secret, now }), encoding: 'utf8' });
    expect(out.trim()).toBe('True');

    const hooks = await send(t.app, endpoint('listWebhooks'), h);
    // Queued (no worker runs here): pending, and the webhook has no attempt to report yet (tests/api/webhooks send them).
    expect((list.body.data as { status: string }[])[0]!.status).toBe('pending');
    expect((hooks.body.data as { id: string; last_delivery: { status: string } | null }[]).find((w) => w.id === hook.id)!.last_delivery).toBeNull();
  });
});
