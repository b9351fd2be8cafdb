import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLAN_IDS } from '../../../src/data/plans';
import { signed, type TestApp } from '../_lib/testApp';

/**
 * Shared steps of the engine-outage tests: writes over a real listening socket (as a client
 * sees them, timed one by one), and what was acknowledged, to look for afterwards.
 */

/**
 * While an engine is down, writes are answered 503 at once, not after a connect timeout (5 s for
 * PostgreSQL's pool and for Redis): the median answer within DOWN_BUDGET_MS, a fiftieth of that
 * timeout, and none near the client's patience (NOT_HUNG_MS). Answers take 1-6 ms on a quiet
 * machine; the budget is not a speed figure, which the machine's load sets: on a 2-core CI machine
 * running two jest workers one scheduling hiccup alone reached 37 and 136 ms, and once a whole
 * series ran slow (PostgreSQL down: median 36 ms, against a budget of 30 then).
 */
export const DOWN_BUDGET_MS = 100;
export const NOT_HUNG_MS = 1_000;
export const RECOVERY_BUDGET_MS = 1_000;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

export interface Served {
  send: (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Answer>;
  close: () => Promise<void>;
}

export async function serve(t: TestApp): Promise<Served> {
  const server = http.createServer(t.app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<Answer>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const started = process.hrtime.bigint();
      const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers, ms });
        });
      });
      req.on('error', reject);
      req.end(data);
    });
  return {
    send,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export const ticket = { name: 'Ada', email: 'ada@example.com', subject: 'Outage', message: 'Is anything lost?', priority: 'medium', category: 'technical' };

/** What the writes acknowledged: support tickets and checkout orders, by id. */
export class Acknowledged {
  readonly tickets: string[] = [];
  readonly orders: string[] = [];

  /** A support ticket, then an order: the two kinds of write a visitor makes. */
  async write(t: TestApp, s: Served, i: number): Promise<Answer[]> {
    const a = await s.send('POST', '/api/support', signed(t, { ...ticket, subject: `Outage ${i}` }));
    if (a.status === 201) this.tickets.push(String(a.body.ticketId));
    const b = await s.send('POST', '/api/checkout', { planId: PLAN_IDS[i % PLAN_IDS.length], customerName: `Buyer ${i}`, customerEmail: 'buyer@example.com' });
    if (b.status === 200) this.orders.push(String(b.body.orderId));
    return [a, b];
  }

  /** Ids acknowledged but not in the database. */
  async missing(t: TestApp): Promise<string[]> {
    const tickets = new Set((await t.db.selectFrom('support_tickets').select('ticket_id').execute()).map((r) => r.ticket_id));
    const orders = new Set((await t.db.selectFrom('checkout_orders').select('id').where('status', '=', 'paid').execute()).map((r) => r.id));
    return [...this.tickets.filter((id) => !tickets.has(id)), ...this.orders.filter((id) => !orders.has(id))];
  }
}

/** Writes until one succeeds: resolves with how long that took from `since`. */
export async function timeToRecover(t: TestApp, s: Served, ack: Acknowledged, since: number): Promise<number> {
  for (let i = 0; ; i++) {
    const answers = await ack.write(t, s, 1_000 + i);
    if (answers.every((a) => a.status < 300)) return Date.now() - since;
    if (Date.now() - since > 10_000) throw new Error(`writes still fail 10 s after the engine returned: ${JSON.stringify(answers.map((a) => [a.status, a.body]))}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
