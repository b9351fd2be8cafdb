import { sql } from 'kysely';
import type { Db } from '../../../api-server/src/db/database';
import { useTestStorage } from '../_lib/testApp';

/** Writes.committed on PostgreSQL (issue 28): committed at once, made durable by the next durable commit. */
describe('PostgreSQL writes: durable and committed', () => {
  const storage = useTestStorage('pg-writes-', 'all');

  const setting = async (tx: Db) => (await sql<{ v: string }>`SELECT current_setting('synchronous_commit') AS v`.execute(tx)).rows[0]!.v;

  it('a committed write does not wait for the WAL flush; a durable one does, and the setting ends with its transaction', async () => {
    expect(storage().engine).toBe('postgres');
    expect(await storage().writes.committed(setting)).toBe('off');
    expect(await storage().writes.run(setting)).toBe('on');
    // SET LOCAL: a connection the pool hands out next is back to the server's default.
    expect(await setting(storage().db)).toBe('on');
  });

  it('what a committed write stored is there for the next transaction, and kept when it throws nothing', async () => {
    await storage().writes.committed((tx) => tx.insertInto('checkout_idempotency').values({ key: 'k1', request_hash: 'h', created_at: 1 }).execute());
    await expect(
      storage().writes.committed(async (tx) => {
        await tx.insertInto('checkout_idempotency').values({ key: 'k2', request_hash: 'h', created_at: 1 }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await storage().db.selectFrom('checkout_idempotency').select('key').execute()).map((r) => r.key)).toEqual(['k1']);
  });
});
