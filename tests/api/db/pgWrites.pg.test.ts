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

/** Writes queued in one turn share a transaction on PostgreSQL, as on SQLite (issue 28). */
describe('PostgreSQL writes: one transaction for the writes of one turn', () => {
  const storage = useTestStorage('pg-batch-', 'each');

  beforeEach(async () => {
    await sql`CREATE TABLE t (v TEXT UNIQUE NOT NULL)`.execute(storage().db);
  });

  const txid = async (tx: Db) => (await sql<{ id: string }>`SELECT txid_current()::text AS id`.execute(tx)).rows[0]!.id;
  const insert = (v: string) => async (tx: Db) => {
    await sql`INSERT INTO t (v) VALUES (${v})`.execute(tx);
    return v;
  };
  const stored = async () => (await sql<{ v: string }>`SELECT v FROM t ORDER BY v`.execute(storage().db)).rows.map((r) => r.v);

  it('runs the jobs of one turn in one transaction, and those of a later turn in another', async () => {
    const writes = storage().writes;
    const first = await Promise.all([writes.run(txid), writes.run(txid), writes.committed(txid)]);
    expect(new Set(first).size).toBe(1);
    const later = await writes.run(txid);
    expect(later).not.toBe(first[0]);
  });

  it('answers each job after the shared COMMIT: another connection sees every row of the batch', async () => {
    const writes = storage().writes;
    const seen: string[][] = [];
    await Promise.all(['a', 'b', 'c'].map((v) => writes.run(insert(v)).then(async () => seen.push(await stored()))));
    expect(seen[0]).toEqual(['a', 'b', 'c']);
  });

  it('a job that throws fails alone: its write is undone, the others of its batch are stored and answered', async () => {
    const writes = storage().writes;
    const results = await Promise.allSettled([
      writes.run(insert('a')),
      writes.run(async (tx) => {
        await insert('b')(tx);
        throw new Error('refused by the job');
      }),
      writes.run(insert('c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('refused by the job');
    expect(await stored()).toEqual(['a', 'c']);
  });

  it('a statement that fails (which aborts a PostgreSQL transaction) fails its job alone, with its own error', async () => {
    const writes = storage().writes;
    await writes.run(insert('taken'));
    const results = await Promise.allSettled([writes.run(insert('a')), writes.run(insert('taken')), writes.run(insert('c'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    expect(await stored()).toEqual(['a', 'c', 'taken']);
  });

  it('a batch is durable if any job of it is: synchronous_commit stays on', async () => {
    const writes = storage().writes;
    const setting = async (tx: Db) => (await sql<{ v: string }>`SELECT current_setting('synchronous_commit') AS v`.execute(tx)).rows[0]!.v;
    expect(await Promise.all([writes.committed(setting), writes.run(setting)])).toEqual(['on', 'on']);
    expect(await Promise.all([writes.committed(setting), writes.committed(setting)])).toEqual(['off', 'off']);
  });

  it('a lost connection fails every job of the batch, none run twice, nothing stored; the next write works', async () => {
    const writes = storage().writes;
    const runs: string[] = [];
    const job = (v: string, kill = false) => async (tx: Db) => {
      runs.push(v);
      await insert(v)(tx);
      // The server ends this backend, as a restart or an operator would.
      if (kill) await sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(tx);
      return v;
    };
    const results = await Promise.allSettled([writes.run(job('a')), writes.run(job('b', true)), writes.run(job('c'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    // Not retried: after a fault the outcome of what was sent may be unknown.
    expect(runs).toEqual(['a', 'b']);
    expect(await stored()).toEqual([]);
    await expect(writes.run(insert('d'))).resolves.toBe('d');
  });
});
/** Without a listener, node-postgres's 'error' event on a lent-out connection stopped the process. */
describe('PostgreSQL writes: a connection lost in the middle of a transaction', () => {
  const storage = useTestStorage('pg-lost-', 'each');

  it('is an error for that write, not a crash; the next write gets a new connection', async () => {
    await expect(storage().writes.run(async (tx) => sql`SELECT pg_terminate_backend(pg_backend_pid())`.execute(tx))).rejects.toThrow(/terminat/i);
    await expect(storage().writes.run(async (tx) => (await sql<{ one: number }>`SELECT 1 AS one`.execute(tx)).rows[0]!.one)).resolves.toBe(1);
  });
});
