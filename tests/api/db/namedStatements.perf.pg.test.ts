import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Db } from '../../../api-server/src/db/database';
import { withNamedStatements } from '../../../api-server/src/db/namedStatements';
import { useTestStorage } from '../_lib/testApp';

/** Hot queries are named prepared statements on PostgreSQL: parsed once per connection (issue 28). */
describe('PostgreSQL named statements', () => {
  const storage = useTestStorage('pg-named-');

  const prepared = async (c: Db): Promise<string[]> => (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(c)).rows.map((r) => r.statement);

  it('prepares a parameterised query once per connection, and runs it again with other values', async () => {
    const keys = await storage().db.connection().execute(async (c) => {
      const found: string[][] = [];
      for (const key of ['a', 'b', 'a']) {
        await c.insertInto('checkout_idempotency').values({ key, request_hash: 'h', created_at: 1 }).onConflict((oc) => oc.column('key').doNothing()).execute();
        found.push((await c.selectFrom('checkout_idempotency').select('key').where('key', '=', key).execute()).map((r) => r.key));
      }
      const statements = await prepared(c);
      expect(statements.filter((s) => s.includes('"checkout_idempotency"'))).toHaveLength(2);
      return found;
    });
    expect(keys).toEqual([['a'], ['b'], ['a']]);
  });

  it('leaves queries that return every column unnamed, so another instance adding a column breaks nothing', async () => {
    const db = storage().db;
    await db.insertInto('checkout_idempotency').values({ key: 'k', request_hash: 'h', created_at: 1 }).execute();
    await db.connection().execute(async (c) => {
      const before = await c.selectFrom('checkout_idempotency').selectAll().where('key', '=', 'k').execute();
      const keyBefore = await c.selectFrom('checkout_idempotency').select('key').where('key', '=', 'k').execute();
      // Another instance's migration, on its own connection, while this one holds its statements.
      const other = new pg.Client({ connectionString: storage.url() });
      await other.connect();
      await other.query('ALTER TABLE checkout_idempotency ADD COLUMN added_later TEXT');
      await other.end();
      const after = await c.selectFrom('checkout_idempotency').selectAll().where('key', '=', 'k').execute();
      const keyAfter = await c.selectFrom('checkout_idempotency').select('key').where('key', '=', 'k').execute();
      expect({ before: Object.keys(before[0]!).includes('added_later'), after: Object.keys(after[0]!).includes('added_later') }).toEqual({ before: false, after: true });
      expect(keyAfter).toEqual(keyBefore);
      expect((await prepared(c)).filter((s) => /select \*/i.test(s))).toEqual([]);
    });
  });

  it('names at most the given number of distinct queries; the rest run unnamed', async () => {
    const pool = new pg.Pool({ connectionString: storage.url(), max: 1 });
    const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool, 2) }) });
    try {
      const statements = await db.connection().execute(async (c) => {
        for (const n of [1, 2, 3, 4]) await sql`SELECT ${n}::int + ${n}::int AS v${sql.raw(String(n))}`.execute(c);
        return (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(c)).rows;
      });
      expect(statements).toHaveLength(2);
    } finally {
      await db.destroy();
    }
  });
});
