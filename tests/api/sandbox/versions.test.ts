/**
 * API versions in the sandbox: X-API-Version selects the version per request, a key is pinned
 * to the newest at creation and answers in its pin without the header, the pin moves up and back
 * within the window, and answers, errors and webhook payloads follow each version's document.
 */
import vm from 'node:vm';
import request from 'supertest';
import { API_ENDPOINTS, NODE_VERIFY_SAMPLE, SAMPLE_IDS, WEBHOOK_HEADERS, type ApiEndpoint } from '../../../src/data/apiReference';
import { referenceFor } from '../../../src/data/apiReference/versions';
import { API_VERSION_NAMES, API_VERSION_POLICY, LATEST_API_VERSION } from '../../../src/data/apiVersioning';
import { SANDBOX_KEY_PIN_URL, SANDBOX_KEYS_URL } from '../../../src/data/sandbox';
import { keyId } from '../../../api-server/src/sandbox/keys';
import { appsClosedAfterEach, headersFor, mintKey, schemaErrors, send } from './_sandbox';

const app = appsClosedAfterEach();
const endpoint = (id: string): ApiEndpoint => API_ENDPOINTS.find((e) => e.id === id)!;
/** The endpoint as `version` documents it: its examples are in that version's shapes. */
const documented = (version: string, id: string): ApiEndpoint => referenceFor(version as never).endpoints.find((e) => e.id === id)!;
const at = (key: string, version: string) => ({ ...headersFor(key, 'business'), 'X-API-Version': version });
const PIN_URL = SANDBOX_KEY_PIN_URL;
type Txn = { id: string; amount: number; currency: string };

describe('X-API-Version', () => {
  it('selects the version per request: one transaction, in each version\'s shapes', async () => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    const v1 = await send(t.app, endpoint('createTransaction'), at(key, 'v1'));
    expect([v1.status, (v1.body as Txn).amount, schemaErrors(endpoint('createTransaction'), v1.status, v1.body)]).toEqual([201, -149.99, null]);
    const dated = await send(t.app, documented(LATEST_API_VERSION, 'createTransaction'), at(key, LATEST_API_VERSION));
    expect([dated.status, (dated.body as Txn).amount, schemaErrors(endpoint('createTransaction'), dated.status, dated.body, LATEST_API_VERSION)]).toEqual([201, -14999, null]);
    // v1's answer is not the dated version's shape, and the reverse: the documents really differ.
    expect(schemaErrors(endpoint('createTransaction'), v1.status, v1.body, LATEST_API_VERSION)).not.toBeNull();
    // Debits are negative in both versions; the same stored transactions, listed in each.
    const list = (version: string) => send(t.app, endpoint('listTransactions'), at(key, version), { account_id: SAMPLE_IDS.account });
    const find = async (version: string, id: string) => ((await list(version)).body as { data: Txn[] }).data.find((x) => x.id === id)!.amount;
    expect([await find('v1', (dated.body as Txn).id), await find(LATEST_API_VERSION, (v1.body as Txn).id)]).toEqual([-149.99, -14999]);
  });

  it('checks a request against its version\'s document: v1 amounts in v1, integers and lowercase statuses in the dated version', async () => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    const float = await send(t.app, endpoint('createPayment'), at(key, LATEST_API_VERSION), { ...endpoint('createPayment').example, amount: 12.5 });
    expect([float.status, (float.body as { error: { code: string; param: string } }).error]).toMatchObject([400, { param: 'amount' }]);
    const invoices = (version: string, status: string) => send(t.app, endpoint('listInvoices'), at(key, version), { ...endpoint('listInvoices').example, status });
    expect((await invoices(LATEST_API_VERSION, 'SUBMITTED')).status).toBe(400);
    const lower = await invoices(LATEST_API_VERSION, 'submitted');
    expect([lower.status, (lower.body as { data: { status: string; total: number }[] }).data[0]]).toMatchObject([200, { status: 'submitted', total: 110000 }]);
    const upper = await invoices('v1', 'SUBMITTED');
    expect([upper.status, (upper.body as { data: { status: string; total: number }[] }).data[0]]).toMatchObject([200, { status: 'SUBMITTED', total: 1100 }]);
  });

  it('answers an unknown version 400 api_version_invalid in the documented error body', async () => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    const res = await send(t.app, endpoint('listBankAccounts'), at(key, '2020-01-01'));
    expect([res.status, schemaErrors(endpoint('listBankAccounts'), res.status, res.body), res.body]).toEqual([
      400,
      null,
      { error: { type: 'invalid_request_error', code: 'api_version_invalid', message: `Unknown X-API-Version 2020-01-01: the versions are ${API_VERSION_NAMES.join(', ')}.`, param: 'X-API-Version', request_id: res.headers['request-id'] } },
    ]);
  });
});

describe('the key pin', () => {
  it('pins a new key to the newest version, which applies when a request names none', async () => {
    const t = await app();
    const minted = await request(t.app).post(SANDBOX_KEYS_URL).send({ plan: 'business' });
    expect(minted.body).toMatchObject({ apiVersion: LATEST_API_VERSION });
    const { 'X-API-Version': _v, ...noVersion } = at(minted.body.key as string, 'v1');
    const res = await send(t.app, endpoint('listBankAccounts'), noVersion);
    expect([res.status, (res.body as { data: { balance: { current: number } }[] }).data.map((a) => a.balance.current)]).toEqual([200, [2500000, 500000]]);
  });

  it('moves up, rolls back within the window, and refuses a rollback after it', async () => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    // A key made before versions existed is pinned to v1, whose document requires the header.
    await t.db.updateTable('sandbox_keys').set({ api_version: 'v1' }).where('id', '=', keyId(key)).execute();
    const { 'X-API-Version': _v, ...noVersion } = at(key, 'v1');
    const missing = await send(t.app, endpoint('listBankAccounts'), noVersion);
    expect([missing.status, (missing.body as { error: { code: string } }).error.code]).toEqual([400, 'parameter_missing']);

    const pin = (version: string, k = key) => request(t.app).post(PIN_URL).set('Authorization', `Bearer ${k}`).send({ version });
    expect((await pin('v1')).body).toEqual({ success: true, apiVersion: 'v1', previousVersion: null, rollbackUntil: null });
    const up = await pin(LATEST_API_VERSION);
    const until = new Date(t.clock.now.getTime() + API_VERSION_POLICY.pinRollbackHours * 3_600_000).toISOString();
    expect([up.status, up.body]).toEqual([200, { success: true, apiVersion: LATEST_API_VERSION, previousVersion: 'v1', rollbackUntil: until }]);
    expect((await send(t.app, endpoint('listBankAccounts'), noVersion)).status).toBe(200);
    expect((await pin('v1')).body).toEqual({ success: true, apiVersion: 'v1', previousVersion: null, rollbackUntil: null });
    expect((await send(t.app, endpoint('listBankAccounts'), noVersion)).status).toBe(400);

    await pin(LATEST_API_VERSION);
    t.clock.now = new Date(t.clock.now.getTime() + API_VERSION_POLICY.pinRollbackHours * 3_600_000 + 1000);
    const late = await pin('v1');
    expect([late.status, late.body]).toEqual([400, { success: false, error: `This key can roll back only to the version it had before its last upgrade (v1), within ${API_VERSION_POLICY.pinRollbackHours} hours of that upgrade.` }]);
  });

  it('refuses an unknown version and a missing key with a sentence', async () => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    const unknown = await request(t.app).post(PIN_URL).set('Authorization', `Bearer ${key}`).send({ version: 'v2' });
    expect([unknown.status, unknown.body.success, unknown.body.error]).toEqual([400, false, expect.stringContaining(API_VERSION_NAMES.join(', '))]);
    const anonymous = await request(t.app).post(PIN_URL).send({ version: 'v1' });
    expect([anonymous.status, anonymous.body.success, typeof anonymous.body.error]).toEqual([401, false, 'string']);
  });
});

describe('webhook payloads', () => {
  it.each(API_VERSION_NAMES)('are delivered in the webhook\'s version (%s), with api_version, and verify with the docs\' Node.js sample', async (version) => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    const h = at(key, version);
    const created = await send(t.app, documented(version, 'createWebhook'), h);
    expect([created.status, (created.body as { api_version: string }).api_version]).toEqual([201, version]);
    const hook = created.body as { id: string; secret: string };
    expect((await send(t.app, endpoint('testWebhook'), h, { id: hook.id, event: 'transaction.completed' })).status).toBe(201);
    const list = await send(t.app, endpoint('listWebhookDeliveries'), h, { id: hook.id });
    const [delivery] = list.body.data as { headers: Record<string, string>; body: string }[];
    const event = JSON.parse(delivery!.body) as { api_version: string; data: { object: Txn } };
    expect([event.api_version, event.data.object.amount]).toEqual([version, version === 'v1' ? -149.99 : -14999]);
    const module = { exports: {} as { verifyWebhookSignature?: (...a: unknown[]) => boolean } };
    vm.runInNewContext(NODE_VERIFY_SAMPLE, { require, module, exports: module.exports, Buffer });
    const timestamp = delivery!.headers[WEBHOOK_HEADERS.timestamp]!;
    expect(module.exports.verifyWebhookSignature!(delivery!.body, delivery!.headers[WEBHOOK_HEADERS.signature]!, timestamp, hook.secret, 300, Number(timestamp) + 1)).toBe(true);
  });

  it('go to a webhook in the version it was created for, whatever version fires the event', async () => {
    const t = await app();
    const key = await mintKey(t.app, 'business');
    const hook = await send(t.app, endpoint('createWebhook'), at(key, 'v1'), { ...endpoint('createWebhook').example, events: ['invoice.created'], api_version: LATEST_API_VERSION });
    expect((hook.body as { api_version: string }).api_version).toBe(LATEST_API_VERSION);
    await send(t.app, endpoint('testWebhook'), at(key, 'v1'), { id: (hook.body as { id: string }).id, event: 'invoice.created' });
    const list = await send(t.app, endpoint('listWebhookDeliveries'), at(key, 'v1'), { id: (hook.body as { id: string }).id });
    const event = JSON.parse((list.body.data as { body: string }[])[0]!.body) as { api_version: string; data: { object: { status: string; total: number } } };
    expect(event).toMatchObject({ api_version: LATEST_API_VERSION, data: { object: { status: 'submitted', total: 110000 } } });
  });
});
