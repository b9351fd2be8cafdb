/**
 * Sandbox behaviour beyond the examples: plan caps, settling transactions, configuration, and
 * two instances on one database sharing keys and idempotent answers.
 */
import { API_ENDPOINTS, SAMPLE_IDS, type ApiEndpoint } from '../../../src/data/apiReference';
import { SANDBOX_MAX_OBJECTS_PER_KEY, SANDBOX_SETTLE_MS } from '../../../src/data/sandbox';
import { loadConfig } from '../../../api-server/src/config';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey, send } from './_sandbox';

const endpoint = (id: string): ApiEndpoint => API_ENDPOINTS.find((e) => e.id === id)!;
type ErrorBody = { error: { type: string; code: string; param: string | null } };

const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0).reverse()) await a.close();
});
async function app(...args: Parameters<typeof createTestApp>): Promise<TestApp> {
  const a = await createTestApp(...args);
  apps.push(a);
  return a;
}

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

it('answers a new transaction pending, lists it completed once settled, and moves the balances', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'starter');
  const h = headersFor(key, 'starter');
  const created = await send(t.app, endpoint('createTransaction'), h);
  expect(created.body).toMatchObject({ status: 'pending', amount: -149.99, account_id: SAMPLE_IDS.account });
  const list = async () => (await send(t.app, endpoint('listTransactions'), h, { account_id: SAMPLE_IDS.account })).body.data[0] as { id: string; status: string };
  expect(await list()).toMatchObject({ id: created.body.id, status: 'pending' });
  t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_SETTLE_MS);
  expect(await list()).toMatchObject({ id: created.body.id, status: 'completed' });
  const accounts = (await send(t.app, endpoint('listBankAccounts'), h)).body.data as { id: string; balance: { current: number } }[];
  expect(Object.fromEntries(accounts.map((a) => [a.id, a.balance.current]))).toEqual({ [SAMPLE_IDS.account]: 24850.01, [SAMPLE_IDS.account2]: 5149.99 });
});

it('reads its two settings from the environment and refuses bad values', () => {
  expect(loadConfig({})).toMatchObject({ sandboxRateLimitScale: 1, sandboxMaxObjectsPerKey: SANDBOX_MAX_OBJECTS_PER_KEY });
  expect(loadConfig({ SANDBOX_RATE_LIMIT_SCALE: '0.01', SANDBOX_MAX_OBJECTS_PER_KEY: '20' })).toMatchObject({ sandboxRateLimitScale: 0.01, sandboxMaxObjectsPerKey: 20 });
  expect(() => loadConfig({ SANDBOX_RATE_LIMIT_SCALE: '0' })).toThrow(/SANDBOX_RATE_LIMIT_SCALE/);
  expect(() => loadConfig({ SANDBOX_RATE_LIMIT_SCALE: '2' })).toThrow(/SANDBOX_RATE_LIMIT_SCALE/);
  expect(() => loadConfig({ SANDBOX_MAX_OBJECTS_PER_KEY: 'many' })).toThrow(/SANDBOX_MAX_OBJECTS_PER_KEY/);
});

it('works across two instances on one database: a key minted on one is known to the other, and concurrent retries create one payment', async () => {
  const a = await app();
  const b = await app({}, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
  const key = await mintKey(a.app, 'business');
  const h = { ...headersFor(key, 'business'), 'Idempotency-Key': 'retry-1' };
  const [r1, r2] = await Promise.all([send(a.app, endpoint('createPayment'), h), send(b.app, endpoint('createPayment'), h)]);
  expect([r1.status, r2.status]).toEqual([201, 201]);
  expect(r2.body).toEqual(r1.body);
  const payments = await a.db.selectFrom('sandbox_objects').select('id').where('kind', '=', 'payment').execute();
  expect(payments).toEqual([{ id: r1.body.id }]);
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
