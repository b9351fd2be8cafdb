/**
 * Each table is declared once, in its feature's table.ts, beside the migrations that make it.
 * This keeps the two together: a fresh database migrated on this engine has exactly the
 * declared tables and columns, and a column may hold NULL exactly when its declared type does.
 */
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import type { Storage } from '../../../api-server/src/db/database';
import { TEST_ENGINE, useTestStorage } from '../_lib/testApp';

/** Tables the migrations made and no query uses any more (kept: migrations only add, so an older version can still run). */
const RETIRED = ['sandbox_idempotency'];

type Columns = Record<string, { nullable: boolean }>;

/** The `Schema` interface of db/schema.ts, read with the TypeScript checker: table → column → nullable. */
function declaredTables(): Record<string, Columns> {
  const root = path.resolve(__dirname, '../../..');
  const configFile = path.join(root, 'api-server/tsconfig.json');
  const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, path.dirname(configFile));
  const schemaFile = path.join(root, 'api-server/src/db/schema.ts');
  const program = ts.createProgram([schemaFile], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile)!;
  const decl = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Schema')!;
  const schema = checker.getTypeAtLocation(decl);
  const tables: Record<string, Columns> = {};
  for (const table of checker.getPropertiesOfType(schema)) {
    const columns: Columns = {};
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbolAtLocation(table, decl))) {
      let type = checker.getTypeOfSymbolAtLocation(column, decl);
      // Kysely's ColumnType and Generated: what a SELECT reads is the `__select__` type.
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, decl);
      const parts = type.isUnion() ? type.types : [type];
      columns[column.name] = { nullable: parts.some((t) => (t.flags & ts.TypeFlags.Null) !== 0) };
    }
    tables[table.name] = columns;
  }
  return tables;
}

async function migratedTables(storage: Storage): Promise<Record<string, Columns>> {
  const tables: Record<string, Columns> = {};
  if (storage.engine === 'sqlite') {
    const names = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(storage.db);
    for (const { name } of names.rows) {
      const info = await sql<{ name: string; notnull: number; pk: number }>`SELECT name, "notnull", pk FROM pragma_table_info(${name})`.execute(storage.db);
      tables[name] = Object.fromEntries(info.rows.map((c) => [c.name, { nullable: c.notnull === 0 && c.pk === 0 }]));
    }
  } else {
    const info = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`.execute(storage.db);
    for (const c of info.rows) (tables[c.table_name] ??= {})[c.column_name] = { nullable: c.is_nullable === 'YES' };
  }
  return tables;
}

describe(`tables on ${TEST_ENGINE}`, () => {
  const storage = useTestStorage('tables-', 'all');

  it('a fresh database has exactly the declared tables and columns, NULL where the type allows it', async () => {
    const declared = declaredTables();
    const migrated = await migratedTables(storage());
    for (const name of RETIRED) {
      expect([name, name in migrated, name in declared]).toEqual([name, true, false]);
      delete migrated[name];
    }
    expect(Object.keys(declared).length).toBeGreaterThan(10);
    expect(migrated).toEqual(declared);
  }, 60_000);

  it('support tickets keep only the indexes a query reads: each is paid for by every ticket stored', async () => {
    const db = storage().db;
    const names =
      storage().engine === 'sqlite'
        ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'support_tickets' AND name NOT LIKE 'sqlite_autoindex%'`.execute(db)).rows
        : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'support_tickets' AND schemaname = current_schema() AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'`.execute(db)).rows;
    // The receipt limit's count (lower(email), created_at); ticket_id's UNIQUE constraint has its own.
    expect(names.map((r) => r.name).sort()).toEqual(['support_tickets_email']);
  });

  it('the outbox has no index on a random key: each mail queued would write a page of it to the log of its own (issue 28)', async () => {
    const db = storage().db;
    const names =
      storage().engine === 'sqlite'
        ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox' AND name NOT LIKE 'sqlite_autoindex%'`.execute(db)).rows
        : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'outbox' AND schemaname = current_schema() AND indexname NOT LIKE '%_pkey'`.execute(db)).rows;
    // The worker's claim (status, next_attempt_at, id) and the tickets command's lookup (created_at).
    expect(names.map((r) => r.name).sort()).toEqual(['outbox_claim', 'outbox_created']);
  });
});
