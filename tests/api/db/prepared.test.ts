import { prepared } from '../../../api-server/src/db/prepared';
import { useTestStorage } from '../_lib/testApp';

describe('prepared queries (db/prepared.ts)', () => {
  const storage = useTestStorage('prepared-');

  const row = (n: number) => ({ key: `k${n}`, request_hash: `h${n}`, created_at: 1_000 + n, lease_until: n % 2 ? null : 5_000 });

  it("builds the query once, then runs it with each call's values as Kysely would", async () => {
    let builds = 0;
    const insert = prepared((db, p: ReturnType<typeof row>) => {
      builds++;
      return db.insertInto('checkout_idempotency').values({ key: p.key, request_hash: p.request_hash, created_at: p.created_at, lease_until: p.lease_until }).returning(['key', 'created_at']);
    });
    const inserted = [];
    for (let n = 1; n <= 3; n++) inserted.push(await insert.first(storage().db, row(n)));
    expect(builds).toBe(1);
    expect(inserted).toEqual([1, 2, 3].map((n) => ({ key: `k${n}`, created_at: 1_000 + n })));

    const byKysely = await storage().db.selectFrom('checkout_idempotency').select(['key', 'request_hash', 'created_at', 'lease_until']).orderBy('key').execute();
    expect(byKysely).toEqual([1, 2, 3].map(row));

    // A value the builder fixed stays fixed; only the named ones follow the call.
    const leased = prepared((db, p: { since: number }) => db.selectFrom('checkout_idempotency').select('key').where('lease_until', '=', 5_000).where('created_at', '>=', p.since).orderBy('key'));
    expect(await leased.execute(storage().db, { since: 0 })).toEqual([{ key: 'k2' }]);
    expect(await leased.execute(storage().db, { since: 1_003 })).toEqual([]);
    expect(leased.compile(storage().db, { since: 7 }).parameters).toEqual([5_000, 7]);
  });

  it("runs inside the caller's transaction", async () => {
    const insert = prepared((db, p: ReturnType<typeof row>) => db.insertInto('checkout_idempotency').values({ key: p.key, request_hash: p.request_hash, created_at: p.created_at, lease_until: p.lease_until }));
    await expect(
      storage().db.transaction().execute(async (tx) => {
        await insert.execute(tx, row(1));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await storage().db.selectFrom('checkout_idempotency').selectAll().execute()).toEqual([]);
  });

  it('inside a group-commit batch on SQLite, runs on the connection itself with the same results and errors', async () => {
    const { db, writes, engine } = storage();
    const insert = prepared((d, p: ReturnType<typeof row>) =>
      d.insertInto('checkout_idempotency').values({ key: p.key, request_hash: p.request_hash, created_at: p.created_at, lease_until: p.lease_until }),
    );
    const insertReturning = prepared((d, p: ReturnType<typeof row>) =>
      d.insertInto('checkout_idempotency').values({ key: p.key, request_hash: p.request_hash, created_at: p.created_at, lease_until: p.lease_until }).returning(['key', 'lease_until']),
    );
    let throughKysely = 0;
    const outcome = await writes.run(async (tx) => {
      const executeQuery = tx.executeQuery.bind(tx);
      tx.executeQuery = ((query: Parameters<typeof executeQuery>[0]) => (throughKysely++, executeQuery(query))) as typeof tx.executeQuery;
      try {
        const written = await insert.execute(tx, row(1));
        const returned = await insertReturning.first(tx, row(2));
        // A constraint error rejects as it would through Kysely, and on SQLite the job may catch it
        // and go on (PostgreSQL aborts the whole transaction at a failed statement).
        const duplicate = engine === 'sqlite' ? await insert.execute(tx, row(1)).then(() => 'stored', (err: Error) => err.message) : 'UNIQUE (not tried)';
        return { written, returned, duplicate };
      } finally {
        tx.executeQuery = executeQuery;
      }
    });
    expect(outcome.written).toEqual([]);
    expect(outcome.returned).toEqual({ key: 'k2', lease_until: 5_000 });
    expect(outcome.duplicate).toMatch(/unique|duplicate/i);
    // Issue 28: Kysely's executor was a sixth of a keyed checkout's allocations; on PostgreSQL it stays.
    expect(throughKysely).toBe(engine === 'sqlite' ? 0 : 2);
    expect(await db.selectFrom('checkout_idempotency').select('key').orderBy('key').execute()).toEqual([{ key: 'k1' }, { key: 'k2' }]);
    // Outside a batch, the same query goes through Kysely.
    const spy = jest.spyOn(db, 'executeQuery');
    await insert.execute(db, row(3));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('refuses what would silently lose values: spread stand-ins, a missing value', async () => {
    const spread = prepared((db, p: ReturnType<typeof row>) => db.insertInto('checkout_idempotency').values({ ...p }));
    expect(() => spread.compile(storage().db, row(1))).toThrow(/name each value/);
    const insert = prepared((db, p: { key: string; hash: string }) => db.insertInto('checkout_idempotency').values({ key: p.key, request_hash: p.hash, created_at: 1 }));
    expect(() => insert.compile(storage().db, { key: 'k' } as { key: string; hash: string })).toThrow('no value for "hash"');
  });
});
