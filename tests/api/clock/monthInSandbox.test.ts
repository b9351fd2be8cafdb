/**
 * A month in the sandbox (issue 47): accounts, transfers, a payment and invoices, then the clock
 * advanced in steps across settlement, a due date and a month boundary. Statuses, balances and
 * allowances follow src/data/sandboxTime.ts; every event reaches the key's stream in order, at its
 * transition's time, and a local HTTPS handler for real (deliveries may arrive out of order, as the
 * Webhooks guide says, so the handler's are compared as a set).
 */
import fs from 'node:fs';
import request from 'supertest';
import { endpointById as endpoint, SAMPLE_IDS } from '../../../src/data/apiReference';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { SETTLEMENT_FAILS_CUSTOMER, SETTLEMENT_FAILS_DESCRIPTION } from '../../../src/data/sandboxTime';
import { makeTestCa, startEndpoint, type TestCa, type TestEndpoint } from '../webhooks/_endpoint';
import { workersStoppedAfterEach } from '../webhooks/_deliveries';
import { listen, openStream } from '../sandbox/_events';
import { advanceTo, readClock, type ClockBody } from './_clock';
import { appsClosedAfterEach, headersFor, mintKey, send } from '../sandbox/_sandbox';

let ca: TestCa;
let handler: TestEndpoint | undefined;
beforeAll(() => {
  ca = makeTestCa();
});
afterAll(() => fs.rmSync(ca.dir, { recursive: true, force: true }));
afterEach(async () => {
  await handler?.close();
});
const app = appsClosedAfterEach();
const worker = workersStoppedAfterEach();

const EVENTS = ['transaction.completed', 'transaction.failed', 'payment.succeeded', 'payment.failed', 'invoice.overdue'];
const unix = (iso: string) => Date.parse(iso) / 1000;

it('settles, fails, passes a due date and a month boundary as the clock advances, with each event in order at its time', async () => {
  handler = await startEndpoint(ca);
  const t = await app({ SANDBOX_WEBHOOK_ALLOW: `127.0.0.1:${handler.port}` });
  worker(t, ca);
  const { server, base } = await listen(t.app);
  const key = await mintKey(t.app, 'business');
  const h = headersFor(key, 'business');
  const stream = await openStream(base, key);
  try {
    // Day 0, 2026-01-15T10:00:00Z: the key's clock stands where the key was made.
    const hook = await request(t.app).post(`${SANDBOX_BASE_PATH}/webhooks`).set(h).send({ url: handler.url(), events: EVENTS });
    expect(hook.status).toBe(201);
    const account = (await send(t.app, endpoint('createBankAccount'), h, { account_type: 'business', currency: 'USD', initial_deposit: 1000 })).body as { id: string };
    const transfer = await send(t.app, endpoint('createTransaction'), h, { from_account: account.id, to_account: SAMPLE_IDS.account2, amount: 100, currency: 'USD', description: 'Rent' });
    const failing = await send(t.app, endpoint('createTransaction'), h, { from_account: account.id, amount: 50, currency: 'USD', description: SETTLEMENT_FAILS_DESCRIPTION });
    const paid = await send(t.app, endpoint('createPayment'), h, { amount: 250, currency: 'USD', payment_method: 'card', customer: 'ada@example.com', description: 'Invoice 1' });
    const declined = await send(t.app, endpoint('createPayment'), h, { amount: 75, currency: 'USD', payment_method: 'card', customer: SETTLEMENT_FAILS_CUSTOMER, description: 'Invoice 2' });
    // In v1 a payment reads succeeded at once (the dated version shows it pending: tests/api/clock/simulations.test.ts).
    expect([transfer.body.status, failing.body.status, paid.body.status, declined.body.status]).toEqual(['pending', 'pending', 'succeeded', 'succeeded']);
    const synced = await send(t.app, endpoint('syncInvoices'), h, { tenant_id: SAMPLE_IDS.tenant, transaction_ids: [transfer.body.id] });
    expect(synced.status).toBe(200);
    const invoices = await send(t.app, endpoint('listInvoices'), h, { tenant_id: SAMPLE_IDS.tenant });
    const invoice = (invoices.body.data as { invoice_id: string; due_date: string }[])[0]!;
    expect(invoice.due_date).toBe('2026-02-14');

    // Day 1: nothing is due yet.
    const day1 = (await advanceTo(t.app, h, '2026-01-16T10:00:00Z')).body as ClockBody;
    expect(day1.events).toEqual([]);

    // Day 2: everything created on day 0 settles at 10:00, in the order it was created.
    const day2 = (await advanceTo(t.app, h, '2026-01-20T00:00:00Z')).body as ClockBody;
    const settledAt = unix('2026-01-17T10:00:00Z');
    expect(day2.events!.map((e) => [e.type, e.data.object.id, e.data.object.status, e.created])).toEqual([
      ['transaction.completed', transfer.body.id, 'completed', settledAt],
      ['transaction.completed', expect.stringMatching(/^txn_/), 'completed', settledAt],
      ['transaction.failed', failing.body.id, 'failed', settledAt],
      ['payment.succeeded', paid.body.id, 'succeeded', settledAt],
      ['payment.failed', declined.body.id, 'failed', settledAt],
    ]);
    const txns = (await send(t.app, endpoint('listTransactions'), h, { account_id: account.id })).body.data as { id: string; status: string; updated_at: string; failure_reason?: string }[];
    expect(txns.map((x) => [x.id, x.status, x.updated_at, x.failure_reason])).toEqual([
      [failing.body.id, 'failed', '2026-01-17T10:00:00Z', 'account_closed'],
      [transfer.body.id, 'completed', '2026-01-17T10:00:00Z', undefined],
    ]);
    const balances = (await send(t.app, endpoint('listBankAccounts'), h)).body.data as { id: string; balance: { current: number } }[];
    // The failed debit's 50 came back; the transfer's 100 stayed moved.
    expect(balances.find((a) => a.id === account.id)!.balance.current).toBe(900);
    expect(day2.allowances.transactions.used).toBe(2);

    // The month boundary: January's allowances are behind, February's start at zero.
    const feb = (await advanceTo(t.app, h, '2026-02-01T00:00:00Z')).body as ClockBody;
    expect(feb.events).toEqual([]);
    expect(feb.allowances).toMatchObject({ month: '2026-02', transactions: { used: 0 }, api_calls: { used: 0 } });

    // The invoice was due on 2026-02-14: overdue from the start of the next day.
    const overdue = (await advanceTo(t.app, h, '2026-02-20T00:00:00Z')).body as ClockBody;
    expect(overdue.events!.map((e) => [e.type, e.data.object.invoice_id, e.created])).toEqual([['invoice.overdue', invoice.invoice_id, unix('2026-02-15T00:00:00Z')]]);
    expect((await readClock(t.app, h)).body.frozen_time).toBe('2026-02-20T00:00:00Z');

    // The stream carries the same events, in order; the handler got each one, signed and for real.
    const all = [...day2.events!, ...overdue.events!];
    const streamed = (await stream.waitFor(all.length)).map((m) => JSON.parse(m.data) as { id: string; type: string; created: number });
    expect(streamed.map((e) => [e.id, e.type, e.created])).toEqual(all.map((e) => [e.id, e.type, e.created]));
    const received = await handler.waitFor(all.length);
    expect(received.map((r) => (JSON.parse(r.body.toString()) as { id: string }).id).sort()).toEqual(all.map((e) => e.id).sort());
  } finally {
    stream.close();
    await new Promise((r) => server.close(r));
  }
});
