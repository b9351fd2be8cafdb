import { sql } from 'kysely';
import pino from 'pino';
import { DemoPaymentProvider, type PaymentSession } from '../../../api-server/src/checkout/provider';
import { startCheckout, type CheckoutDeps } from '../../../api-server/src/checkout/service';
import type { OrderRecord } from '../../../api-server/src/checkout/store';
import type { Db } from '../../../api-server/src/db/database';
import { TEST_ENGINE, useTestStorage } from '../_lib/testApp';

/**
 * Which steps of an order wait for the disk (issue 28): every one a remote processor hears of
 * next, and with any provider the last, which the customer's answer rests on. The demo provider
 * holds nothing outside the database, so all its steps are one transaction.
 */
class Recording extends DemoPaymentProvider {
  constructor(
    private readonly log: string[],
    override readonly remote: boolean,
  ) {
    super();
  }

  override async createSession(order: OrderRecord): Promise<PaymentSession> {
    this.log.push('provider: open session');
    return super.createSession(order);
  }

  override async confirm(sessionId: string): Promise<void> {
    this.log.push('provider: capture');
    return super.confirm(sessionId);
  }
}

describe('checkout: which steps are durable before the next', () => {
  const storage = useTestStorage('steps-');

  async function run(remote: boolean): Promise<string[]> {
    const log: string[] = [];
    const writes = storage().writes;
    const deps: CheckoutDeps = {
      db: storage().db,
      now: () => new Date(),
      provider: new Recording(log, remote),
      logger: pino({ level: 'silent' }),
      commit: async <T>(work: (tx: Db) => Promise<T>) => {
        const value = await writes.run(work);
        log.push('durable write');
        return value;
      },
    };
    const result = await startCheckout(deps, { planId: 'business', customerName: 'Ada', customerEmail: 'ada@example.com' });
    expect(result.checkoutUrl).toContain('/success?plan=business');
    return log;
  }

  it('a remote processor hears of each step only once it is on disk', async () => {
    expect(await run(true)).toEqual(['durable write', 'provider: open session', 'durable write', 'provider: capture', 'durable write']);
  });

  it('the demo provider: every step in one transaction, durable before the answer', async () => {
    expect(await run(false)).toEqual(['provider: open session', 'provider: capture', 'durable write']);
  });

  it('the demo provider: its order is written once, as it ended (one insert, no updates)', async () => {
    const db = storage().db;
    // Rows written on the connection so far (SQLite), or the version of the one order row
    // (PostgreSQL: each update leaves a new version after the first, (0,1)).
    const changes = async () => Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db)).rows[0]!.n);
    const before = TEST_ENGINE === 'sqlite' ? await changes() : 0;
    await run(false);
    const orders = await db.selectFrom('checkout_orders').select(['status', 'provider_session_id', 'paid_at']).execute();
    expect(orders).toEqual([{ status: 'paid', provider_session_id: expect.any(String), paid_at: expect.any(String) }]);
    if (TEST_ENGINE === 'sqlite') expect((await changes()) - before).toBe(1);
    else expect((await sql<{ ctid: string }>`SELECT ctid::text FROM checkout_orders`.execute(db)).rows).toEqual([{ ctid: '(0,1)' }]);
  });
});
