import { sql } from 'kysely';
import request from 'supertest';
import { createTestApp, signed, type TestApp } from '../_lib/testApp';
import { FORM_TOKEN_MAX_AGE_MS, MAX, MIN_FILL_MS } from '@site/src/schemas/common';
import { ContactStore } from '../../../api-server/src/contact/store';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We want to offer accounts to 2,000 customers.\nCan we talk next week?',
  company: 'Analytical Engines Ltd',
  phone: '+44 20 7946 0000',
};

describe('POST /api/contact', () => {
  let t: TestApp;
  let store: ContactStore;
  beforeEach(async () => {
    t = await createTestApp({ SALES_EMAIL: 'sales-team@example.com' });
    store = new ContactStore(t.db, () => t.clock.now);
  });
  afterEach(() => t.close());

  it('stores the message and queues a mail to sales that replies to the sender', async () => {
    const res = await request(t.app).post('/api/contact').send(signed(t, { ...valid, website: '' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const [msg] = await store.list();
    expect(msg).toMatchObject({ name: valid.name, email: valid.email, company: valid.company, phone: valid.phone, message: valid.message, createdAt: '2026-01-15T10:00:00.000Z' });
    const [mail] = await t.outbox.list();
    expect(mail).toMatchObject({
      ref: `contact:${msg!.id}`,
      to: 'sales-team@example.com',
      replyTo: 'ada@example.com',
      subject: 'New contact message from Ada Lovelace (Analytical Engines Ltd)',
      status: 'pending',
    });
    expect(mail!.text).toContain(valid.message);
    expect(mail!.text).toContain(valid.phone);
  });

  it('works without the optional company and phone', async () => {
    const res = await request(t.app).post('/api/contact').send(signed(t, { name: 'Bob', email: 'bob@example.com', message: 'Hello', company: '', phone: '' }));
    expect(res.body).toEqual({ success: true });
    expect((await store.list())[0]).toMatchObject({ company: null, phone: null });
    expect((await t.outbox.list())[0]!.subject).toBe('New contact message from Bob');
  });

  it('escapes markup from the sender in the HTML part', async () => {
    await request(t.app).post('/api/contact').send(signed(t, { ...valid, name: '<script>x</script>', message: '<img src=x onerror=alert(1)>' }));
    const [mail] = await t.outbox.list();
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a missing name', { ...valid, name: undefined }, 'name'],
    ['a blank name', { ...valid, name: '  ' }, 'name'],
    ['an oversized name', { ...valid, name: 'n'.repeat(MAX.name + 1) }, 'name'],
    ['a missing email', { ...valid, email: undefined }, 'email'],
    ['a bad email', { ...valid, email: 'ada@' }, 'email'],
    ['a missing message', { ...valid, message: undefined }, 'message'],
    ['a blank message', { ...valid, message: '\n\n' }, 'message'],
    ['an oversized message', { ...valid, message: 'm'.repeat(MAX.message + 1) }, 'message'],
    ['an oversized company', { ...valid, company: 'c'.repeat(MAX.company + 1) }, 'company'],
    ['an oversized phone', { ...valid, phone: '1'.repeat(MAX.phone + 1) }, 'phone'],
    ['a company with a line break (header injection)', { ...valid, company: 'X\r\nBcc: victim@example.com' }, 'company'],
  ];
  it.each(invalid)('answers 400 to %s and stores and mails nothing', async (_label, body, field) => {
    const res = await request(t.app).post('/api/contact').send(signed(t, body));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toEqual(expect.any(String));
    expect(Object.keys(res.body.fields)).toContain(field);
    expect(await store.list()).toHaveLength(0);
    expect(await t.outbox.list()).toHaveLength(0);
  });

  it('refuses unknown fields', async () => {
    const res = await request(t.app).post('/api/contact').send(signed(t, { ...valid, to: 'someone@example.com' }));
    expect(res.status).toBe(400);
  });

  it.each([
    ['a filled honeypot', { ...valid, website: 'https://spam.example' }, MIN_FILL_MS + 1000],
    ['a form sent sooner after its token than a person can fill it', valid, MIN_FILL_MS - 1],
  ])('answers a bot with %s like a person, but stores and mails nothing', async (_label, body, ageMs) => {
    const res = await request(t.app).post('/api/contact').send(signed(t, body, ageMs));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await store.list()).toHaveLength(0);
    expect(await t.outbox.list()).toHaveLength(0);
  });

  it.each([
    ['no form token', () => valid, 'This form could not be verified. Please reload the page and try again.'],
    ['a forged form token', () => ({ ...valid, formToken: `v1.${t.clock.now.getTime() - 60_000}.${'A'.repeat(43)}` }), 'This form could not be verified. Please reload the page and try again.'],
    ['an edited form token', () => {
      const real = signed(t, valid).formToken.split('.');
      return { ...valid, formToken: `v1.${Number(real[1]) - 60_000}.${real[2]}` };
    }, 'This form could not be verified. Please reload the page and try again.'],
    ['an expired form token', () => signed(t, valid, FORM_TOKEN_MAX_AGE_MS + 1), 'This form has expired. Please reload the page and try again.'],
  ])('refuses %s with 400 and a message a person can act on', async (_label, body, message) => {
    const res = await request(t.app).post('/api/contact').send(body());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: message });
    expect(await store.list()).toHaveLength(0);
    expect(await t.outbox.list()).toHaveLength(0);
  });

  it('accepts the token GET /api/form-token hands out, once a person could have filled the form', async () => {
    const issued = await request(t.app).get('/api/form-token');
    expect(issued.status).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const formToken = issued.body.token as string;
    t.clock.now = new Date(t.clock.now.getTime() + MIN_FILL_MS);
    expect((await request(t.app).post('/api/contact').send({ ...valid, formToken })).body).toEqual({ success: true });
    expect(await store.list()).toHaveLength(1);
  });

  it('is rate limited per client', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 2; i++) expect((await request(limited.app).post('/api/contact').send(signed(limited, valid))).status).toBe(200);
      const res = await request(limited.app).post('/api/contact').send(signed(limited, valid));
      expect(res.status).toBe(429);
      expect(res.body.success).toBe(false);
    } finally {
      await limited.close();
    }
  });

  it('stores nothing when queueing the mail fails (one transaction)', async () => {
    await sql`DROP TABLE outbox`.execute(t.db);
    const res = await request(t.app).post('/api/contact').send(signed(t, valid));
    expect(res.status).toBe(500);
    expect(res.body.success).toBe(false);
    expect(await store.list()).toHaveLength(0);
  });
});
