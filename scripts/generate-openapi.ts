/**
 * Writes static/openapi/v1.yaml and v1.json, and the typed client static/client/ledgerline.ts,
 * from src/data/apiReference. Run after changing the API data:
 *   npx tsx scripts/generate-openapi.ts
 * With --check it writes nothing and exits 1 naming each committed file that is out of date
 * (tests/unit/docs/openapi.test.ts and typedClient.test.ts fail then). The committed copies name
 * the addresses of an unconfigured install; the build serves the document rendered for its own
 * SITE_URL and API_BASE_URL (src/plugins/siteAddressFiles.ts). The client names no address.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { renderOpenApiJson, renderOpenApiYaml, OPENAPI_FILE, OPENAPI_JSON_FILE } from '../src/data/apiReference/openapiYaml';
import { TYPED_CLIENT_FILE } from '../src/data/apiReference/public';
import { renderTypedClient } from './typedClient';

async function main(): Promise<void> {
  const files: [string, string][] = [
    [OPENAPI_FILE, renderOpenApiYaml()],
    [OPENAPI_JSON_FILE, renderOpenApiJson()],
    // openapi-typescript loads ES modules that jest cannot require: tests run this script instead.
    [TYPED_CLIENT_FILE, await renderTypedClient()],
  ];
  const root = join(__dirname, '..');
  if (process.argv.includes('--check')) {
    const stale = files.filter(([file, text]) => {
      try {
        return readFileSync(join(root, file), 'utf8') !== text;
      } catch {
        return true;
      }
    });
    for (const [file] of stale) console.error(`${file} is out of date: run npx tsx scripts/generate-openapi.ts`);
    process.exitCode = stale.length ? 1 : 0;
    return;
  }
  for (const [file, text] of files) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  console.log(`Wrote ${files.map(([f]) => f).join(', ')}`);
}

void main();
