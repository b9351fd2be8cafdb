import request from 'supertest';
import { createTestApp, signed, type TestApp } from '../_lib/testApp';
import { MAX, MIN_FILL_MS } from '../../../src/schemas/common';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, SUPPORT_PRIORITIES, SUPPORT_PRIORITY_IDS } from '../../../src/data/support';
import { TicketStore } from '../../../api-server/src/support/store';
import { TICKET_ID_PATTERN } from '../../../api-server/src/support/service';

const SUPPORT_EMAIL = 'helpdesk@ledgerline.test';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Bank feed stopped',
  message: 'No transactions since 9am.\nRequest id req_123.',
  priority: 'high',
  category: 'technical',
};

describe('POST /api/support', () => {
  let t: TestApp;
  /** Posts as the site's form does, with a valid token, unless the body is not a plain object. */
  const post = (body: unknown) =>
    request(t.app)
      .post('/api/support')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(typeof body === 'object' && body !== null && !Array.isArray(body) ? signed(t, body) : body));
  const postRaw = (body: unknown) => request(t.app).post('/api/support').set('Content-Type', 'application/json').send(JSON.stringify(body));
  const tickets = () => new TicketStore(t.db);

  beforeEach(async () => {
    t = await createTestApp({ SUPPORT_EMAIL });
  });
  afterEach(() => t.close());

  it('stores an open ticket and queues both emails before answering', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, ticketId: expect.stringMatching(TICKET_ID_PATTERN) });
    const id = res.body.ticketId as string;
    expect(id).toMatch(/^SUP-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);

    const ticket = (await tickets().get(id))!;
    expect(ticket).toMatchObject({ ...valid, status: 'open', accountId: null, createdAt: '2026-01-15T10:00:00.000Z', respondBy: '2026-01-15T14:00:00.000Z' });

    const mails = await t.outbox.list({ ref: `support:${id}` });
    expect(mails).toHaveLength(2);
    const team = mails.find((m) => m.to === SUPPORT_EMAIL)!;
    const customer = mails.find((m) => m.to === valid.email)!;
    expect(team.subject).toBe(`[${id}] [High] [Technical Support] Bank feed stopped`);
    expect(team.replyTo).toBe('"Ada Lovelace" <ada@example.com>');
    expect(team.text).toContain(valid.message);
    expect(team.text).toContain('Respond by: 2026-01-15T14:00:00.000Z');
    expect(team.html).toContain('No transactions since 9am.<br>Request id req_123.');
    expect(customer.subject).toContain(id);
    expect(customer.replyTo).toBe(SUPPORT_EMAIL);
    expect(customer.text).toContain(`Your ticket number is ${id}`);
    expect(customer.text).toContain('respond within 4 hours');
    expect(customer.text).toContain('Category: Technical Support');
    expect(mails.every((m) => m.status === 'pending')).toBe(true);
  });

  it.each(SUPPORT_PRIORITY_IDS)('derives the response deadline of %s from its priority', async (priority) => {
    const res = await post({ ...valid, priority });
    const ticket = (await tickets().get(res.body.ticketId as string))!;
    const hours = (Date.parse(ticket.respondBy) - Date.parse(ticket.createdAt)) / 3_600_000;
    expect(hours).toBe(SUPPORT_PRIORITIES[priority].responseHours);
  });

  it('keeps an account ID when given and treats an empty one as absent', async () => {
    const a = await post({ ...valid, accountId: '  acct_42 ' });
    expect((await tickets().get(a.body.ticketId as string))!.accountId).toBe('acct_42');
    const teamMail = (await t.outbox.list({ ref: `support:${a.body.ticketId as string}` })).find((m) => m.to === SUPPORT_EMAIL)!;
    expect(teamMail.text).toContain('Account ID: acct_42');
    const b = await post({ ...valid, accountId: '' });
    expect((await tickets().get(b.body.ticketId as string))!.accountId).toBeNull();
  });

  it('escapes customer text in the HTML parts and keeps header fields on one line', async () => {
    const res = await post({ ...valid, name: 'Eve "<script>"', subject: '<b>bold</b> & co', message: '<img src=x onerror=alert(1)>' });
    expect(res.status).toBe(201);
    const mails = await t.outbox.list({ ref: `support:${res.body.ticketId as string}` });
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<img|<script|<b>/);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    expect(mails.find((m) => m.to === SUPPORT_EMAIL)!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mails.find((m) => m.to === SUPPORT_EMAIL)!.html).toContain('Eve &quot;&lt;script&gt;&quot;');
    const team = mails.find((m) => m.to === SUPPORT_EMAIL)!;
    expect(team.replyTo).toBe('"Eve script" <ada@example.com>');
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing name', { name: undefined }, 'name', 'Name is required'],
      ['blank name', { name: '   ' }, 'name', 'Name is required'],
      ['long name', { name: 'n'.repeat(MAX.name + 1) }, 'name', `Name must be at most ${MAX.name} characters`],
      ['name with a line break', { name: 'Ada\r\nBcc: x@evil.test' }, 'name', 'Name contains characters that are not allowed'],
      ['missing email', { email: undefined }, 'email', 'Email is required'],
      ['bad email', { email: 'ada@' }, 'email', 'Please enter a valid email address'],
      ['long email', { email: `${'a'.repeat(250)}@example.com` }, 'email', `Email must be at most ${MAX.email} characters`],
      ['missing subject', { subject: undefined }, 'subject', 'Subject is required'],
      ['long subject', { subject: 's'.repeat(MAX.subject + 1) }, 'subject', `Subject must be at most ${MAX.subject} characters`],
      ['subject with a line break', { subject: 'a\nb' }, 'subject', 'Subject contains characters that are not allowed'],
      ['missing message', { message: undefined }, 'message', 'Message is required'],
      ['long message', { message: 'm'.repeat(MAX.message + 1) }, 'message', `Message must be at most ${MAX.message} characters`],
      ['message with a control character', { message: 'hi\u0007' }, 'message', 'Message contains characters that are not allowed'],
      ['unknown priority', { priority: 'critical' }, 'priority', 'Please choose a valid priority'],
      ['missing priority', { priority: undefined }, 'priority', 'Please choose a valid priority'],
      ['unknown category', { category: 'sales' }, 'category', 'Please choose a valid category'],
      ['missing category', { category: undefined }, 'category', 'Please choose a valid category'],
      ['long account ID', { accountId: 'x'.repeat(MAX.accountId + 1) }, 'accountId', `Account ID must be at most ${MAX.accountId} characters`],
      ['account ID of the wrong type', { accountId: 42 }, 'accountId', 'Account ID must be text'],
      ['name of the wrong type', { name: 42 }, 'name', 'Name is required'],
      ['form token of the wrong type', { formToken: 42 }, 'formToken', ''],
    ];

    it.each(cases)('refuses a %s with 400', async (_case, change, field, message) => {
      const res = await post({ ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.error).toBe('string');
      expect(res.body.fields).toHaveProperty(field);
      if (message) {
        expect(res.body.fields[field]).toBe(message);
        expect(res.body.error).toBe(message);
      }
      expect(await tickets().count()).toBe(0);
      expect(await t.outbox.list()).toHaveLength(0);
    });

    it('refuses unknown fields', async () => {
      const res = await post({ ...valid, status: 'closed' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
      expect(await tickets().count()).toBe(0);
    });

    it('refuses a body that is not JSON, or not an object', async () => {
      const bad = await request(t.app).post('/api/support').set('Content-Type', 'application/json').send('{"name":');
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ success: false, error: 'The request body is not valid JSON' });
      const arr = await post([valid]);
      expect(arr.status).toBe(400);
      const form = await request(t.app).post('/api/support').type('form').send(valid);
      expect(form.status).toBe(415);
      expect(await tickets().count()).toBe(0);
    });
  });

  describe('spam defence', () => {
    it.each([
      ['a filled honeypot', { ...valid, website: 'http://spam.example' }, MIN_FILL_MS + 1000],
      ['a submit sooner after its token than a person can fill the form', valid, MIN_FILL_MS - 1],
    ])('answers %s like a success but stores and mails nothing', async (_case, body, ageMs) => {
      const res = await postRaw(signed(t, body, ageMs));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, ticketId: expect.stringMatching(TICKET_ID_PATTERN) });
      expect(await tickets().count()).toBe(0);
      expect(await t.outbox.list()).toHaveLength(0);
    });

    it('refuses a post that leaves the form token out: the check cannot be skipped', async () => {
      const res = await postRaw(valid);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'This form could not be verified. Please reload the page and try again.' });
      expect(await tickets().count()).toBe(0);
      expect(await t.outbox.list()).toHaveLength(0);
    });

    it('refuses a forged token and an expired one', async () => {
      const forged = await postRaw({ ...valid, formToken: `v1.${t.clock.now.getTime() - 60_000}.${'x'.repeat(43)}` });
      expect(forged.status).toBe(400);
      const expired = await postRaw(signed(t, valid, 25 * 3_600_000));
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe('This form has expired. Please reload the page and try again.');
      expect(await tickets().count()).toBe(0);
    });

    it('mails the submitter no text they chose, not even their name', async () => {
      const attack = { ...valid, subject: 'You won a prize, claim at evil.example', message: 'Visit http://evil.example/phish now' };
      const res = await post(attack);
      const mails = await t.outbox.list({ ref: `support:${res.body.ticketId as string}` });
      const customer = mails.find((m) => m.to === valid.email)!;
      for (const part of [customer.subject, customer.text, customer.html ?? '']) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('prize');
      }
      expect(customer.subject).toBe(`[${res.body.ticketId as string}] We received your support request`);
      expect(`${customer.subject}${customer.text}${customer.html ?? ''}`).not.toContain('Ada');
      // The team still gets the whole request.
      expect(mails.find((m) => m.to === SUPPORT_EMAIL)!.text).toContain('http://evil.example/phish');
    });

    it(`sends one address at most ${CONFIRMATIONS_PER_ADDRESS_PER_DAY} receipts a day; tickets and team mails go on`, async () => {
      const receiptsTo = async (email: string) => (await t.outbox.list()).filter((m) => m.to === email).length;
      for (let i = 0; i < CONFIRMATIONS_PER_ADDRESS_PER_DAY + 2; i++) {
        expect((await post({ ...valid, email: i % 2 ? 'ADA@example.com' : valid.email })).status).toBe(201);
      }
      expect(await tickets().count()).toBe(CONFIRMATIONS_PER_ADDRESS_PER_DAY + 2);
      expect(await receiptsTo(SUPPORT_EMAIL)).toBe(CONFIRMATIONS_PER_ADDRESS_PER_DAY + 2);
      expect((await t.outbox.list()).filter((m) => m.to.toLowerCase() === valid.email).length).toBe(CONFIRMATIONS_PER_ADDRESS_PER_DAY);
      expect(await receiptsTo('other@example.com')).toBe(0);
      await post({ ...valid, email: 'other@example.com' });
      expect(await receiptsTo('other@example.com')).toBe(1);
      // A day later the address gets receipts again.
      t.clock.now = new Date(t.clock.now.getTime() + 24 * 3_600_000 + 1);
      await post(valid);
      expect((await t.outbox.list()).filter((m) => m.to.toLowerCase() === valid.email).length).toBe(CONFIRMATIONS_PER_ADDRESS_PER_DAY + 1);
    });
  });
});

describe('POST /api/support rate limit', () => {
  it('answers 429 with a readable error once the form limit is used up', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    const post = () => request(t.app).post('/api/support').set('Content-Type', 'application/json').send(JSON.stringify(signed(t, valid)));
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const third = await post();
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ success: false, error: 'Too many requests. Please wait a minute and try again.' });
    expect(await new TicketStore(t.db).count()).toBe(2);
    await t.close();
  });
});
