import request from 'supertest';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { OrderStore } from '../../../api-server/src/checkout/store';
import { FEATURES } from '../../../api-server/src/features';
import { createCheckoutFeature } from '../../../api-server/src/checkout/routes';
import { DemoPaymentProvider } from '../../../api-server/src/checkout/provider';
import { IDEMPOTENCY_TTL_MS } from '../../../api-server/src/idempotency';

const valid = { planId: 'enterprise', customerName: 'Grace Hopper', customerEmail: 'grace@example.com' };

describe('POST /api/checkout with Idempotency-Key', () => {
  let t: TestApp;
  let orders: OrderStore;
  beforeEach(async () => {
    t = await createTestApp();
    orders = new OrderStore(t.db, () => t.clock.now);
  });
  afterEach(() => t.close());

  const post = (body: object, key?: string) => {
    const req = request(t.app).post('/api/checkout');
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  it('without a key, every request creates an order', async () => {
    const a = await post(valid);
    const b = await post(valid);
    expect(a.body.orderId).not.toBe(b.body.orderId);
    expect(await orders.list()).toHaveLength(2);
  });

  it('replays the first answer for the same key and body, creating one order', async () => {
    const first = await post(valid, 'key-1');
    const again = await post(valid, 'key-1');
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await orders.list()).toHaveLength(1);
  });

  it('treats bodies that differ only in key order or surrounding spaces as the same', async () => {
    const first = await post(valid, 'key-2');
    const again = await post({ customerEmail: ' grace@example.com', customerName: 'Grace Hopper ', planId: 'enterprise' }, 'key-2');
    expect(again.body).toEqual(first.body);
    expect(await orders.list()).toHaveLength(1);
  });

  it('refuses the same key with a different body, without running it', async () => {
    await post(valid, 'key-3');
    const other = await post({ ...valid, planId: 'starter' }, 'key-3');
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ success: false, error: 'This Idempotency-Key was already used with different request parameters. Use a new Idempotency-Key for a different request.' });
    expect(await orders.list()).toHaveLength(1);
  });

  it('does not remember requests that fail validation', async () => {
    const bad = await post({ ...valid, customerEmail: 'nope' }, 'key-4');
    expect(bad.status).toBe(400);
    const good = await post(valid, 'key-4');
    expect(good.status).toBe(200);
    expect(good.body.success).toBe(true);
  });

  it('keeps different keys apart', async () => {
    const a = await post(valid, 'key-a');
    const b = await post(valid, 'key-b');
    expect(a.body.orderId).not.toBe(b.body.orderId);
  });

  it('forgets keys after 24 hours', async () => {
    const first = await post(valid, 'key-5');
    t.clock.now = new Date(t.clock.now.getTime() + IDEMPOTENCY_TTL_MS + 1);
    const later = await post({ ...valid, planId: 'starter' }, 'key-5');
    expect(later.status).toBe(200);
    expect(later.body.orderId).not.toBe(first.body.orderId);
  });

  it.each([['empty', ''], ['too long', 'k'.repeat(256)], ['with spaces', 'a key']])('refuses a key that is %s', async (_label, key) => {
    const res = await post(valid, key);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Idempotency-Key/);
    expect(await orders.list()).toHaveLength(0);
  });

  it('answers 409 while the first request with that key is still running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    class Slow extends DemoPaymentProvider {
      // One that takes its time is outside this process: its steps are not held in one transaction.
      override readonly remote = true;
      override async createSession(...args: Parameters<DemoPaymentProvider['createSession']>) {
        await gate;
        return super.createSession(...args);
      }
    }
    const slow = await createTestApp({}, { features: [...FEATURES.filter((f) => f.name !== 'checkout'), createCheckoutFeature(() => new Slow())] });
    try {
      const first = request(slow.app).post('/api/checkout').set('Idempotency-Key', 'k').send(valid).then((r) => r);
      // Give the first request time to claim the key before the second one arrives.
      await new Promise((r) => setTimeout(r, 100));
      const second = await request(slow.app).post('/api/checkout').set('Idempotency-Key', 'k').send(valid);
      expect(second.status).toBe(409);
      release();
      expect((await first).status).toBe(200);
      const third = await request(slow.app).post('/api/checkout').set('Idempotency-Key', 'k').send(valid);
      expect(third.headers['idempotent-replayed']).toBe('true');
    } finally {
      await slow.close();
    }
  });

  it('lets a retry run again after a server-side failure', async () => {
    let fail = true;
    class Flaky extends DemoPaymentProvider {
      override async createSession(...args: Parameters<DemoPaymentProvider['createSession']>) {
        if (fail) throw new Error('timeout');
        return super.createSession(...args);
      }
    }
    const flaky = await createTestApp({}, { features: [...FEATURES.filter((f) => f.name !== 'checkout'), createCheckoutFeature(() => new Flaky())] });
    try {
      const first = await request(flaky.app).post('/api/checkout').set('Idempotency-Key', 'retry').send(valid);
      expect(first.status).toBe(502);
      fail = false;
      const retry = await request(flaky.app).post('/api/checkout').set('Idempotency-Key', 'retry').send(valid);
      expect(retry.status).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      await flaky.close();
    }
  });
});
