import { sql } from 'kysely';
import request from 'supertest';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY } from '../../../src/data/support';
import { createTestApp, signed, type TestApp } from '../_lib/testApp';

const ticket = { name: 'Flo Od', email: 'flood@example.com', subject: 'Again', message: 'Once more', priority: 'low', category: 'general' } as const;

/**
 * The receipt limit serialises posts from one address on PostgreSQL (an advisory lock) only while
 * a receipt may still be due: an address past its limit (a flood) must not queue every post
 * behind the one before it.
 */
describe('support receipts on PostgreSQL', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('a post from an address past its receipt limit takes no lock on the address', async () => {
    const post = () => request(t.app).post('/api/support').set('Content-Type', 'application/json').send(JSON.stringify(signed(t, ticket)));
    for (let i = 0; i < CONFIRMATIONS_PER_ADDRESS_PER_DAY; i++) expect((await post()).status).toBe(201);
    // Another session holds the address's lock, as a slow concurrent post would.
    await t.db.connection().execute(async (other) => {
      await sql`SELECT pg_advisory_lock(hashtext(${`support-receipts:${ticket.email}`}))`.execute(other);
      try {
        const answered = await Promise.race([post().then((r) => r.status), new Promise((r) => setTimeout(() => r('still waiting'), 3_000))]);
        expect(answered).toBe(201);
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${`support-receipts:${ticket.email}`}))`.execute(other);
      }
    });
    const receipts = await t.db.selectFrom('outbox').select('id').where('to_addr', '=', ticket.email).execute();
    expect(receipts).toHaveLength(CONFIRMATIONS_PER_ADDRESS_PER_DAY);
  });
});
