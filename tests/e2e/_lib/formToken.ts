import BetterSqlite3 from 'better-sqlite3';
import path from 'node:path';
import { FormTokens } from '../../../api-server/src/form-token/tokens';
import { MIN_FILL_MS } from '../../../src/schemas/common';

/**
 * A form token as the server on `dataDir`'s SQLite database would have issued it a few seconds
 * ago, for tests that post to the forms' API directly (the server keeps its signing key in its
 * database, made at its first start).
 */
export function formTokenFor(dataDir: string, ageMs = MIN_FILL_MS + 1_000): string {
  const db = new BetterSqlite3(path.join(dataDir, 'platform.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT value FROM server_secrets WHERE name = ?').get('form-token-key') as { value: string } | undefined;
    if (!row) throw new Error(`no form-token key in ${dataDir}: has the server started?`);
    return new FormTokens(Buffer.from(row.value, 'hex')).issue(Date.now() - ageMs);
  } finally {
    db.close();
  }
}
