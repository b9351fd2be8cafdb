import { CompiledQuery, type Compilable } from 'kysely';
import { directStatements, isPostgres, type Db, type Engine } from './database';

/** Marks a stand-in value; no real value starts with a NUL character followed by this. */
const STAND_IN = '\u0000prepared:';

type Slot = { name: string } | { fixed: unknown };

/** A query built by Kysely once per engine, then run with new values (see `prepared`). */
export interface PreparedQuery<P, R> {
  /** Runs the query on `db` (a transaction or the database) with these values; its rows. */
  execute(db: Db, values: P): Promise<R[]>;
  /** The first row, or undefined. */
  first(db: Db, values: P): Promise<R | undefined>;
  /** The SQL and parameters it would run (for tests and EXPLAIN). */
  compile(db: Db, values: P): CompiledQuery<R>;
}

/**
 * A query written with Kysely, built and compiled once per engine, then run with new values.
 *
 * Why: on the hottest writes (a ticket and its two mails, an order, an Idempotency-Key) building
 * and compiling the query each time cost more than SQLite running it: Kysely was a tenth of a
 * form post's CPU under load (issue 28). The query is still written once, typed, for both engines.
 *
 * How: `build` is called with stand-ins for the values (`p.email` and so on); their places among
 * the compiled parameters are noted, and each run sends the compiled SQL with the real values in
 * those places. Only values may vary from run to run: a query whose shape depends on a value (an
 * optional clause, a list of varying length) must be prepared once per shape.
 */
export function prepared<P extends Record<string, unknown>, R>(build: (db: Db, p: P) => Compilable<R>): PreparedQuery<P, R> {
  const compiled = new Map<Engine, { sql: string; slots: Slot[] }>();
  const standIns = new Proxy({} as P, {
    get: (_target, name) => `${STAND_IN}${String(name)}`,
    // `values(p)` or `{...p}` would see no columns at all: name each value instead.
    ownKeys: () => {
      throw new TypeError('prepared query: name each value (p.column), the stand-ins cannot be listed or spread');
    },
  });

  function template(db: Db): { sql: string; slots: Slot[] } {
    const engine: Engine = isPostgres(db) ? 'postgres' : 'sqlite';
    let t = compiled.get(engine);
    if (!t) {
      const query = build(db, standIns).compile();
      const slots = query.parameters.map((value): Slot => (typeof value === 'string' && value.startsWith(STAND_IN) ? { name: value.slice(STAND_IN.length) } : { fixed: value }));
      compiled.set(engine, (t = { sql: query.sql, slots }));
    }
    return t;
  }

  function parametersFor(slots: Slot[], values: P): unknown[] {
    return slots.map((slot) => {
      if ('fixed' in slot) return slot.fixed;
      const value = values[slot.name];
      if (value === undefined) throw new TypeError(`prepared query: no value for "${slot.name}"`);
      return value;
    });
  }

  function compile(db: Db, values: P): CompiledQuery<R> {
    const { sql, slots } = template(db);
    return CompiledQuery.raw(sql, parametersFor(slots, values)) as CompiledQuery<R>;
  }

  /** Inside a group-commit batch on SQLite, on the connection itself (database.ts, directStatements). */
  async function rows(db: Db, values: P): Promise<R[]> {
    const direct = directStatements(db);
    if (direct) {
      const { sql, slots } = template(db);
      return direct(sql, parametersFor(slots, values)) as R[];
    }
    return (await db.executeQuery(compile(db, values))).rows;
  }

  return {
    compile,
    execute: rows,
    async first(db, values) {
      return (await rows(db, values))[0];
    },
  };
}
