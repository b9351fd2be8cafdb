import request from 'supertest';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { PLANS } from '@site/src/data/plans';
import { MAX } from '@site/src/schemas/common';
import { newOrderId, OrderStore } from '../../../api-server/src/checkout/store';
import { FEATURES } from '../../../api-server/src/features';
import { createCheckoutFeature } from '../../../api-server/src/checkout/routes';
import { DemoPaymentProvider } from '../../../api-server/src/checkout/provider';

const valid = { planId: 'business', customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' };

describe('POST /api/checkout', () => {
  let t: TestApp;
  let orders: OrderStore;
  beforeEach(async () => {
    t = await createTestApp();
    orders = new OrderStore(t.db, () => t.clock.now);
  });
  afterEach(() => t.close());

  it.each(PLANS.map((p) => [p.id, p.price] as const))('records a paid demo order for %s at its plan price', async (planId, price) => {
    const res = await request(t.app).post('/api/checkout').send({ ...valid, planId });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.orderId).toMatch(/^ord_[0-9a-f]{24}$/);
    expect(res.body.checkoutUrl).toBe(`/success?plan=${planId}&name=Ada%20Lovelace&order=${res.body.orderId}`);
    const order = (await orders.get(res.body.orderId))!;
    expect(order).toMatchObject({
      planId,
      amountCents: price * 100,
      currency: 'USD',
      period: '/month',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      status: 'paid',
      provider: 'demo',
      createdAt: '2026-01-15T10:00:00.000Z',
      paidAt: '2026-01-15T10:00:00.000Z',
    });
    expect(order.providerSessionId).toMatch(/^demo_/);
  });

  it('gives order ids that sort by creation time (the index grows at its end), distinct within a millisecond', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.now = new Date(Date.parse('2026-01-15T10:00:00.000Z') + i * 1_000 + (i % 2));
      ids.push((await request(t.app).post('/api/checkout').send(valid)).body.orderId as string);
    }
    expect([...ids].sort()).toEqual(ids);
    const sameMs = new Set(Array.from({ length: 10_000 }, () => newOrderId(new Date('2026-01-15T10:00:00.000Z'))));
    expect(sameMs.size).toBe(10_000);
    expect(newOrderId(new Date('2026-01-15T10:00:00.000Z')) < newOrderId(new Date('2026-01-15T10:00:00.001Z'))).toBe(true);
  });

  it('encodes any name safely into the success URL', async () => {
    const name = 'Zoë <b>&amp; "Co"</b> 100%';
    const res = await request(t.app).post('/api/checkout').send({ ...valid, customerName: name });
    expect(res.status).toBe(200);
    const url = new URL(res.body.checkoutUrl, 'http://x');
    expect(url.pathname).toBe('/success');
    expect(url.searchParams.get('name')).toBe(name);
    expect(url.searchParams.get('plan')).toBe('business');
  });

  it('trims the name and email before storing', async () => {
    const res = await request(t.app).post('/api/checkout').send({ ...valid, customerName: '  Ada  ', customerEmail: ' ada@example.com ' });
    expect(await orders.get(res.body.orderId)).toMatchObject({ customerName: 'Ada', customerEmail: 'ada@example.com' });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['an unknown plan', { ...valid, planId: 'platinum' }, 'planId'],
    ['a missing plan', { customerName: valid.customerName, customerEmail: valid.customerEmail }, 'planId'],
    ['a missing name', { planId: 'starter', customerEmail: valid.customerEmail }, 'customerName'],
    ['a blank name', { ...valid, customerName: '   ' }, 'customerName'],
    ['an oversized name', { ...valid, customerName: 'x'.repeat(MAX.name + 1) }, 'customerName'],
    ['a name with a line break', { ...valid, customerName: 'Ada\r\nBcc: x@y.z' }, 'customerName'],
    ['a non-string name', { ...valid, customerName: 42 }, 'customerName'],
    ['a missing email', { planId: 'starter', customerName: valid.customerName }, 'customerEmail'],
    ['a bad email', { ...valid, customerEmail: 'not-an-email' }, 'customerEmail'],
    ['an oversized email', { ...valid, customerEmail: `${'a'.repeat(250)}@example.com` }, 'customerEmail'],
  ];
  it.each(invalid)('answers 400 to %s and records nothing', async (_label, body, field) => {
    const res = await request(t.app).post('/api/checkout').send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error).toBe('string');
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await orders.list()).toHaveLength(0);
  });

  it('refuses unknown fields such as a client-chosen price', async () => {
    const res = await request(t.app).post('/api/checkout').send({ ...valid, price: 1 });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('answers a useful message with the exact spec fields on a bad email', async () => {
    const res = await request(t.app).post('/api/checkout').send({ ...valid, customerEmail: 'nope' });
    expect(res.body).toEqual({ success: false, error: 'Please enter a valid email address', fields: { customerEmail: 'Please enter a valid email address' } });
  });

  it('is rate limited per client', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 2; i++) expect((await request(limited.app).post('/api/checkout').send(valid)).status).toBe(200);
      const res = await request(limited.app).post('/api/checkout').send(valid);
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ success: false, error: expect.stringMatching(/Too many requests/) });
    } finally {
      await limited.close();
    }
  });

  it('marks the order failed and answers 402 when the provider declines', async () => {
    class Declining extends DemoPaymentProvider {
      override async confirm(): Promise<void> {
        throw new Error('card declined');
      }
    }
    const declining = await createTestApp({}, { features: [...FEATURES.filter((f) => f.name !== 'checkout'), createCheckoutFeature(() => new Declining())] });
    try {
      const res = await request(declining.app).post('/api/checkout').send(valid);
      expect(res.status).toBe(402);
      expect(res.body).toEqual({ success: false, error: 'The payment could not be completed. No money was taken.' });
      const [order] = await new OrderStore(declining.db, () => declining.clock.now).list();
      expect(order).toMatchObject({ status: 'failed', failureReason: 'confirm: card declined' });
    } finally {
      await declining.close();
    }
  });

  it('answers 502 when the provider is unreachable', async () => {
    class Down extends DemoPaymentProvider {
      override async createSession(): Promise<never> {
        throw new Error('ECONNREFUSED');
      }
    }
    const down = await createTestApp({}, { features: [...FEATURES.filter((f) => f.name !== 'checkout'), createCheckoutFeature(() => new Down())] });
    try {
      const res = await request(down.app).post('/api/checkout').send(valid);
      expect(res.status).toBe(502);
      expect(res.body.success).toBe(false);
      expect((await new OrderStore(down.db, () => down.clock.now).list())[0]?.status).toBe('failed');
    } finally {
      await down.close();
    }
  });
});
