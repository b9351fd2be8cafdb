import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Past this many distinct queries, new ones run unnamed: PostgreSQL keeps each per connection. */
export const MAX_NAMED_STATEMENTS = 500;

/**
 * Kysely's pool, with every parameterised query sent as a named prepared statement.
 *
 * Why: node-postgres sends an unnamed query through Parse, Bind and Execute each time, so
 * PostgreSQL parses and plans it again on every request; PostgreSQL shares the machine's cores
 * with us, and the hot writes (a ticket and its mails, an order, an Idempotency-Key) are the same
 * few statements over and over (issue 28). Named, each is parsed once per connection.
 *
 * Which: only queries with parameters (without, node-postgres uses the simple protocol, which
 * also runs several statements in one text: migrations), and none that returns `*`. A prepared
 * `SELECT *` fails with "cached plan must not change result type" once another instance's
 * migration adds a column, and in a transaction that error cannot be retried.
 */
export function withNamedStatements(pool: pg.Pool, max = MAX_NAMED_STATEMENTS): PostgresPool {
  const names = new Map<string, string | null>();
  const nameFor = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined) {
      if (names.size >= max) return undefined;
      name = RETURNS_ALL.test(text) ? null : `ll_${names.size}`;
      names.set(text, name);
    }
    return name ?? undefined;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let w = wrapped.get(client);
    if (!w) {
      // The pool listens for errors only while a connection is idle. One that breaks while
      // lent out (the server restarted, the backend terminated) fails its query, and node-
      // postgres emits 'error' as well: with no listener that would throw and stop the process.
      // The failed query is the report; the pool drops the connection when it comes back.
      client.on('error', () => undefined);
      // One implementation of Kysely's two overloads (a query, or a cursor passed through).
      const query = ((sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as pg.Submittable);
        const values = parameters ? [...parameters] : [];
        const name = values.length > 0 ? nameFor(sqlOrCursor) : undefined;
        return name ? client.query({ name, text: sqlOrCursor, values }) : client.query(sqlOrCursor, values);
      }) as unknown as PostgresPoolClient['query'];
      // The same object for the same connection: Kysely keys its connection state by it.
      w = { query, release: () => client.release() };
      wrapped.set(client, w);
    }
    return w;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

const RETURNS_ALL = /(?:select|returning)\s+(?:distinct\s+)?(?:"?\w+"?\.)?\*/i;
