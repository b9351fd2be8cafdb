/**
 * Sandbox-only simulations (issue 47): fail or return a transaction or a payment, send any
 * documented event for an existing object; and the accounting token's lifetime on the key's clock.
 */
import request from 'supertest';
import { endpointById as endpoint, SAMPLE_IDS } from '../../../src/data/apiReference';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { ACCOUNTING_TOKEN_LIFETIME_MS, SETTLEMENT_DELAY_MS } from '../../../src/data/sandboxTime';
import { advanceBy } from './_clock';
import { referenceFor } from '../../../src/data/apiReference/versions';
import { LATEST_API_VERSION as DATED } from '../../../src/data/apiVersioning';
import { sandboxOnlyEndpoint } from '../../../src/data/apiReference/endpoints/sandbox';
import { appsClosedAfterEach, headersFor, mintKey, schemaErrors, send } from '../sandbox/_sandbox';

const simulateTransaction = sandboxOnlyEndpoint('simulateTransaction');
const simulatePayment = sandboxOnlyEndpoint('simulatePayment');
const simulateEvent = sandboxOnlyEndpoint('simulateEvent');

const app = appsClosedAfterEach();
type ErrorBody = { error: { type: string; code: string; message: string; param: string | null } };

const simulate = (t: { app: Parameters<typeof request>[0] }, h: Record<string, string>, path: string, body: object) => request(t.app).post(`${SANDBOX_BASE_PATH}${path}`).set(h).send(body);

it('fails a pending transaction and returns a completed one, each with its event, the money going back', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'starter'), 'starter');
  const balance = async () => ((await send(t.app, endpoint('listBankAccounts'), h)).body.data as { id: string; balance: { current: number } }[]).find((a) => a.id === SAMPLE_IDS.account)!.balance.current;
  const start = await balance();
  const a = (await send(t.app, endpoint('createTransaction'), h, { from_account: SAMPLE_IDS.account, amount: 10, currency: 'USD', description: 'A' })).body as { id: string };
  const b = (await send(t.app, endpoint('createTransaction'), h, { from_account: SAMPLE_IDS.account, amount: 20, currency: 'USD', description: 'B' })).body as { id: string };
  const failed = await simulate(t, h, `/simulate/transactions/${a.id}`, { outcome: 'fail' });
  expect([failed.status, failed.body]).toEqual([200, expect.objectContaining({ id: a.id, status: 'failed', failure_reason: 'simulated_failure' })]);
  // Only a completed one can be returned: b settles first.
  const early = await simulate(t, h, `/simulate/transactions/${b.id}`, { outcome: 'return' });
  expect([early.status, (early.body as ErrorBody).error]).toEqual([400, expect.objectContaining({ code: 'simulation_not_applicable', param: 'outcome', message: `Cannot return transaction ${b.id}: it is pending, and only a completed transaction can be made to return.` })]);
  const settled = await advanceBy(t.app, h, SETTLEMENT_DELAY_MS);
  expect(settled.events!.map((e) => [e.type, e.data.object.id])).toEqual([['transaction.completed', b.id]]);
  const returned = await simulate(t, h, `/simulate/transactions/${b.id}`, { outcome: 'return' });
  // v1 documents no returned status: it shows a returned transaction as failed, its failure_reason says why.
  expect([returned.status, returned.body.status, returned.body.failure_reason]).toEqual([200, 'failed', 'returned_by_bank']);
  expect(schemaErrors(simulateTransaction, 200, returned.body)).toBeNull();
  const dated = referenceFor(DATED).endpoints.find((e) => e.id === 'listTransactions')!;
  const inDated = await send(t.app, dated, { ...h, 'X-API-Version': DATED }, { account_id: SAMPLE_IDS.account });
  expect((inDated.body.data as { id: string; status: string }[]).find((x) => x.id === b.id)!.status).toBe('returned');
  expect(schemaErrors(dated, 200, inDated.body, DATED)).toBeNull();
  const listed = await send(t.app, endpoint('listTransactions'), h, { account_id: SAMPLE_IDS.account });
  expect(schemaErrors(endpoint('listTransactions'), 200, listed.body)).toBeNull();
  expect(await balance()).toBe(start);
  const again = await simulate(t, h, `/simulate/transactions/${a.id}`, { outcome: 'fail' });
  expect((again.body as ErrorBody).error.code).toBe('simulation_not_applicable');
  const missing = await simulate(t, h, '/simulate/transactions/txn_missing', { outcome: 'fail' });
  expect([missing.status, (missing.body as ErrorBody).error.param]).toEqual([404, 'id']);
  const bad = await simulate(t, h, `/simulate/transactions/${a.id}`, { outcome: 'vanish' });
  expect([bad.status, (bad.body as ErrorBody).error.code]).toEqual([400, 'parameter_invalid_enum']);
});

it('fails a pending payment and returns a succeeded one', async () => {
  const t = await app();
  const v1 = headersFor(await mintKey(t.app, 'starter'), 'starter');
  // v1 answers a payment succeeded at once, as it always did; the dated version shows it pending until it settles.
  const p0 = (await send(t.app, endpoint('createPayment'), v1)).body as { id: string; status: string };
  expect(p0.status).toBe('succeeded');
  const h = { ...v1, 'X-API-Version': DATED };
  const createPayment = referenceFor(DATED).endpoints.find((e) => e.id === 'createPayment')!;
  const p1 = (await send(t.app, createPayment, h)).body as { id: string; status: string };
  const p2 = (await send(t.app, createPayment, h)).body as { id: string };
  expect(p1.status).toBe('pending');
  expect((await simulate(t, h, `/simulate/payments/${p1.id}`, { outcome: 'fail' })).body).toMatchObject({ id: p1.id, status: 'failed' });
  const settled = await advanceBy(t.app, h, SETTLEMENT_DELAY_MS);
  // p0 settles too: its payment.succeeded comes at settlement, in every version.
  expect(settled.events!.map((e) => [e.type, e.data.object.id])).toEqual([['payment.succeeded', p0.id], ['payment.succeeded', p2.id]]);
  const returned = await simulate(t, h, `/simulate/payments/${p2.id}`, { outcome: 'return' });
  expect(returned.body).toMatchObject({ id: p2.id, status: 'returned' });
  expect(schemaErrors(referenceFor(DATED).sandboxOnly.find((e) => e.id === simulatePayment.id)!, 200, returned.body, DATED)).toBeNull();
  expect(schemaErrors(createPayment, 201, (await send(t.app, createPayment, h)).body, DATED)).toBeNull();
});

it('sends any documented event the plan receives for one of the key\'s objects, stamped at the key\'s clock', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'starter'), 'starter');
  await advanceBy(t.app, h, 86_400_000);
  const sent = await simulate(t, h, '/simulate/events', { type: 'invoice.overdue', object_id: SAMPLE_IDS.invoice });
  expect([sent.status, sent.body.type, sent.body.data.object.invoice_id, sent.body.created]).toEqual([201, 'invoice.overdue', SAMPLE_IDS.invoice, Date.parse('2026-01-16T10:00:00Z') / 1000]);
  expect(schemaErrors(simulateEvent, 201, sent.body)).toBeNull();
  const gated = await simulate(t, h, '/simulate/events', { type: 'account.updated', object_id: SAMPLE_IDS.account });
  expect([gated.status, (gated.body as ErrorBody).error.code]).toEqual([403, 'event_not_in_plan']);
  const unknown = await simulate(t, h, '/simulate/events', { type: 'invoice.eaten', object_id: SAMPLE_IDS.invoice });
  expect([unknown.status, (unknown.body as ErrorBody).error.param]).toEqual([400, 'type']);
  const wrong = await simulate(t, h, '/simulate/events', { type: 'transaction.completed', object_id: SAMPLE_IDS.invoice });
  expect([wrong.status, (wrong.body as ErrorBody).error.param]).toEqual([404, 'object_id']);
});

it('expires the accounting connection\'s token after its lifetime on the key\'s clock until it is connected again', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'business'), 'business');
  const invoices = () => send(t.app, endpoint('listInvoices'), h, { tenant_id: SAMPLE_IDS.tenant });
  expect((await send(t.app, endpoint('accountingCallback'), h)).status).toBe(200);
  await advanceBy(t.app, h, ACCOUNTING_TOKEN_LIFETIME_MS - 1000);
  expect((await invoices()).status).toBe(200);
  await advanceBy(t.app, h, 1000);
  const expired = await invoices();
  expect([expired.status, (expired.body as ErrorBody).error]).toEqual([
    401,
    expect.objectContaining({ type: 'authentication_error', code: 'accounting_token_expired', message: "The Xero access token expired at 2026-01-15T10:30:00Z (your key's test clock): it lives 30 minutes. Connect again with POST /xero/auth/callback." }),
  ]);
  expect((await send(t.app, endpoint('accountingCallback'), h)).status).toBe(200);
  expect((await invoices()).status).toBe(200);
});
