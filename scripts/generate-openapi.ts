/**
 * Writes the typed client, static/client/ledgerline.ts, from the OpenAPI document of
 * src/data/apiReference (scripts/typedClient.ts). It is built, not committed: `npm run build`,
 * `npm start` (scripts/ensureBuild.ts) and `npm run dev` run this first, and the tests render
 * their own copy. The OpenAPI document itself has one producer, the site build
 * (src/plugins/siteAddressFiles.ts), which renders it for the build's SITE_URL and API_BASE_URL.
 *   npx tsx scripts/generate-openapi.ts [--out FILE]
 * A file whose text is already current is left alone, so its time stamp does not make the build
 * look stale (scripts/buildStamp.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { TYPED_CLIENT_FILE } from '../src/data/apiReference/public';
import { renderTypedClient } from './typedClient';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--out');
  const file = at === -1 ? join(__dirname, '..', TYPED_CLIENT_FILE) : resolve(process.argv[at + 1] ?? '');
  // openapi-typescript loads ES modules that jest cannot require: tests run this script instead.
  const text = await renderTypedClient();
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`Wrote ${file}`);
}

void main();
