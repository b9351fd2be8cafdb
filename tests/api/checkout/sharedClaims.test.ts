import request from 'supertest';
import { createCheckoutFeature } from '../../../api-server/src/checkout/routes';
import { DemoPaymentProvider } from '../../../api-server/src/checkout/provider';
import { IDEMPOTENCY_LEASE_MS } from '../../../api-server/src/idempotency';
import { FEATURES } from '../../../api-server/src/features';
import { createTestApp, type TestApp } from '../_lib/testApp';

const valid = { planId: 'enterprise', customerName: 'Grace Hopper', customerEmail: 'grace@example.com' };

/** A payment provider whose sessions wait until the test lets them through. */
function gatedProvider() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  class Slow extends DemoPaymentProvider {
    // One that takes its time is outside this process: its steps are not held in one transaction.
    override readonly remote = true;
    override async createSession(...args: Parameters<DemoPaymentProvider['createSession']>) {
      await gate;
      return super.createSession(...args);
    }
  }
  return { provider: () => new Slow(), open };
}

const withCheckout = (feature: ReturnType<typeof createCheckoutFeature>) => ({ features: [...FEATURES.filter((f) => f.name !== 'checkout'), feature] });

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * The "still running" state of an Idempotency-Key is in the database: two app instances on one
 * database (one SQLite file, or one PostgreSQL schema), the first with a slow payment provider.
 */
describe('Idempotency-Key claims shared by instances on one database', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close();
  });
  const pair = async (slowFeature: ReturnType<typeof createCheckoutFeature>) => {
    const a = await createTestApp({}, withCheckout(slowFeature));
    const b = await createTestApp({}, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
    apps.push(a, b);
    return [a, b] as const;
  };
  const claimed = (t: TestApp, key: string) => async () =>
    (await t.db.selectFrom('checkout_idempotency').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
  const orderCount = async (t: TestApp) => (await t.db.selectFrom('checkout_orders').select('id').execute()).length;

  it('a retry sent to another instance while the first still runs gets 409 and runs nothing; later it is replayed', async () => {
    const slow = gatedProvider();
    const [a, b] = await pair(createCheckoutFeature(slow.provider));
    const first = request(a.app).post('/api/checkout').set('Idempotency-Key', 'shared').send(valid).then((r) => r);
    await until(claimed(a, 'shared'), 'the first request claims its key');

    const retry = await request(b.app).post('/api/checkout').set('Idempotency-Key', 'shared').send(valid);
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({ success: false, error: 'A request with this Idempotency-Key is still being processed. Please retry shortly.' });
    expect(await orderCount(b)).toBe(1);

    slow.open();
    const answered = await first;
    expect(answered.status).toBe(200);
    const replay = await request(b.app).post('/api/checkout').set('Idempotency-Key', 'shared').send(valid);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(answered.body);
    expect(await orderCount(b)).toBe(1);
  });

  it('a holder that stopped renewing (a crashed instance) loses its claim when the lease runs out: another instance resumes its order', async () => {
    const slow = gatedProvider();
    const [a, b] = await pair(createCheckoutFeature(slow.provider));
    void request(a.app).post('/api/checkout').set('Idempotency-Key', 'orphan').send(valid).then(() => undefined, () => undefined);
    await until(async () => (await orderCount(a)) === 1, 'the first request stores its order');
    // B's clock past the lease: A's renewals are stamped with A's (unmoved) clock, as a dead
    // holder's last renewal would be.
    b.clock.now = new Date(b.clock.now.getTime() + IDEMPOTENCY_LEASE_MS + 1);
    const retry = await request(b.app).post('/api/checkout').set('Idempotency-Key', 'orphan').send(valid);
    expect(retry.status).toBe(200);
    const orders = await b.db.selectFrom('checkout_orders').select(['id', 'status']).execute();
    expect(orders).toEqual([{ id: retry.body.orderId, status: 'paid' }]);
    slow.open();
  });

  it('the holder renews its claim while a slow provider keeps it waiting, so no other instance takes the key over', async () => {
    const slow = gatedProvider();
    const leaseMs = 300;
    const [a, b] = await pair(createCheckoutFeature(slow.provider, { idempotencyLeaseMs: leaseMs }));
    const first = request(a.app).post('/api/checkout').set('Idempotency-Key', 'slow').send(valid).then((r) => r);
    await until(claimed(a, 'slow'), 'the first request claims its key');
    // Time passes for both instances, well past the first lease.
    const later = a.clock.now.getTime() + 10 * leaseMs;
    a.clock.now = new Date(later);
    b.clock.now = new Date(later);
    await until(async () => {
      const row = await a.db.selectFrom('checkout_idempotency').select('lease_until').where('key', '=', 'slow').executeTakeFirstOrThrow();
      return Number(row.lease_until) > later;
    }, 'the holder renews its lease');
    const retry = await request(b.app).post('/api/checkout').set('Idempotency-Key', 'slow').send(valid);
    expect(retry.status).toBe(409);
    slow.open();
    expect((await first).status).toBe(200);
    expect(await orderCount(a)).toBe(1);
  });
});
