/** The sandbox's operations beyond the documented examples: plan caps, settling transactions, synced invoices. */
import { createHmac } from 'node:crypto';
import { endpointById as endpoint, SAMPLE_IDS, WEBHOOK_HEADERS } from '../../../src/data/apiReference';
import { SETTLEMENT_DELAY_MS } from '../../../src/data/sandboxTime';
import { advanceBy } from '../clock/_clock';
import { appsClosedAfterEach, headersFor, mintKey, send } from './_sandbox';

type ErrorBody = { error: { type: string; code: string; param: string | null } };

const app = appsClosedAfterEach();

it("caps accounts and webhooks at the plan's figures with 403 plan_limit_reached", async () => {
  const t = await app();
  const business = await mintKey(t.app, 'business');
  const statuses: number[] = [];
  // Business: 10 accounts, the two seeded samples included.
  for (let i = 0; i < 9; i++) statuses.push((await send(t.app, endpoint('createBankAccount'), headersFor(business, 'business'))).status);
  expect(statuses).toEqual([...Array(8).fill(201), 403]);
  const starter = await mintKey(t.app, 'starter');
  const hooks: number[] = [];
  // Starter: 3 webhooks, the seeded sample included.
  let last;
  for (let i = 0; i < 3; i++) hooks.push((last = await send(t.app, endpoint('createWebhook'), headersFor(starter, 'starter'))).status);
  expect(hooks).toEqual([201, 201, 403]);
  expect((last!.body as ErrorBody).error).toMatchObject({ type: 'permission_error', code: 'plan_limit_reached' });
});

it('answers a new transaction pending, keeps it pending as real time passes, lists it completed once the key\'s clock passes its settlement, and moves the balances', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'starter');
  const h = headersFor(key, 'starter');
  const created = await send(t.app, endpoint('createTransaction'), h);
  expect(created.body).toMatchObject({ status: 'pending', amount: -149.99, account_id: SAMPLE_IDS.account });
  const list = async () => (await send(t.app, endpoint('listTransactions'), h, { account_id: SAMPLE_IDS.account })).body.data[0] as { id: string; status: string };
  expect(await list()).toMatchObject({ id: created.body.id, status: 'pending' });
  t.clock.now = new Date(t.clock.now.getTime() + 60_000);
  expect(await list()).toMatchObject({ id: created.body.id, status: 'pending' });
  await advanceBy(t.app, h, SETTLEMENT_DELAY_MS);
  expect(await list()).toMatchObject({ id: created.body.id, status: 'completed' });
  const accounts = (await send(t.app, endpoint('listBankAccounts'), h)).body.data as { id: string; balance: { current: number } }[];
  expect(Object.fromEntries(accounts.map((a) => [a.id, a.balance.current]))).toEqual({ [SAMPLE_IDS.account]: 24850.01, [SAMPLE_IDS.account2]: 5149.99 });
});

it('lists invoices synced from transactions, and the older sample only on plans without an invoice window', async () => {
  const t = await app();
  const seen: Record<string, string[]> = {};
  for (const plan of ['starter', 'business'] as const) {
    const key = await mintKey(t.app, plan);
    const h = headersFor(key, plan);
    expect((await send(t.app, endpoint('syncInvoices'), h)).status).toBe(200);
    const list = await send(t.app, endpoint('listInvoices'), h, { tenant_id: SAMPLE_IDS.tenant });
    seen[plan] = (list.body.data as { invoice_id: string; status: string }[]).map((i) => (i.invoice_id === SAMPLE_IDS.invoice ? 'sample' : i.status));
  }
  expect(seen).toEqual({ starter: ['DRAFT', 'DRAFT'], business: ['DRAFT', 'DRAFT', 'sample'] });
  const key = await mintKey(t.app, 'starter');
  const other = await send(t.app, endpoint('listInvoices'), headersFor(key, 'starter'), { tenant_id: 'not-a-tenant' });
  expect([other.status, (other.body as ErrorBody).error.param]).toEqual([404, 'tenant_id']);
});

it('answers the documented profit and loss example to a new key, and counts the transactions it adds', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'business');
  const h = headersFor(key, 'business');
  const e = endpoint('getProfitLossReport');
  const first = await send(t.app, e, h);
  expect([first.status, first.body]).toEqual([200, e.response.example]);
  await send(t.app, endpoint('createTransaction'), h, { from_account: SAMPLE_IDS.account, amount: 10, currency: 'USD', description: 'Coffee' });
  await send(t.app, endpoint('createTransaction'), h, { from_account: SAMPLE_IDS.account, amount: 5, currency: 'EUR', description: 'Not USD' });
  const today = t.clock.now.toISOString().slice(0, 10);
  const now = await send(t.app, e, h, { tenant_id: SAMPLE_IDS.tenant, from_date: today, to_date: today, periods: 2 });
  expect(now.body).toMatchObject({ periods: [{ from_date: today, to_date: today }, expect.any(Object)], rows: [{ title: 'Income', amounts: [0, 0] }, { title: 'Expenses', amounts: [10, 0] }, { title: 'Net Profit', amounts: [-10, 0] }] });
});

it('starts each key with the sample delivery, signed with that key\'s own webhook secret', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'starter');
  const h = headersFor(key, 'starter');
  const hook = ((await send(t.app, endpoint('listWebhooks'), h, {})).body.data as { id: string; secret: string }[]).find((w) => w.id === SAMPLE_IDS.webhook)!;
  const deliveries = (await send(t.app, endpoint('listWebhookDeliveries'), h, { id: SAMPLE_IDS.webhook })).body.data as { id: string; headers: Record<string, string>; body: string }[];
  const d = deliveries.find((x) => x.id === SAMPLE_IDS.delivery)!;
  const expected = createHmac('sha256', hook.secret).update(`${d.headers[WEBHOOK_HEADERS.timestamp]}.${d.body}`).digest('hex');
  expect(d.headers[WEBHOOK_HEADERS.signature]).toBe(`sha256=${expected}`);
});
