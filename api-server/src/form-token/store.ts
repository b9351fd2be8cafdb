import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database';
import { FormTokens } from './tokens';

/** Where a single-instance install before the key moved into the database kept it (DATA_DIR). */
export const LEGACY_FORM_TOKEN_KEY_FILE = 'form-token.key';
const SECRET_NAME = 'form-token-key';

function legacyKey(dataDir: string): string | undefined {
  try {
    const hex = fs.readFileSync(path.join(dataDir, LEGACY_FORM_TOKEN_KEY_FILE), 'utf8').trim();
    return /^[0-9a-f]{64,}$/i.test(hex) ? hex : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The form-token signer with the key kept in the database, so every instance on it signs and
 * checks with the same key and nothing has to be copied between machines. The first start makes
 * the key (insert-if-absent: of instances starting together one inserts, all read the same row);
 * an install that kept it in `DATA_DIR/form-token.key` has that key moved in, so tokens in
 * open forms stay valid across the upgrade.
 */
export async function loadFormTokens(db: Db, dataDir: string): Promise<FormTokens> {
  const read = () => db.selectFrom('server_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('server_secrets')
      .values({ name: SECRET_NAME, value: legacyKey(dataDir) ?? randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  return new FormTokens(Buffer.from(row!.value, 'hex'));
}
