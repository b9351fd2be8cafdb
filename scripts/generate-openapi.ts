/**
 * Writes static/openapi/v1.yaml and v1.json from src/data/apiReference. Run after changing the API data:
 *   npx tsx scripts/generate-openapi.ts
 * tests/unit/docs/openapi.test.ts fails while the committed file is out of date. The committed copy
 * names the addresses of an unconfigured install; the build serves one rendered for its own
 * SITE_URL and API_BASE_URL (src/plugins/siteAddressFiles.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOpenApiJson, renderOpenApiYaml, OPENAPI_FILE, OPENAPI_JSON_FILE } from '../src/data/apiReference/openapiYaml';

writeFileSync(join(__dirname, '..', OPENAPI_FILE), renderOpenApiYaml());
writeFileSync(join(__dirname, '..', OPENAPI_JSON_FILE), renderOpenApiJson());
console.log(`Wrote ${OPENAPI_FILE} and ${OPENAPI_JSON_FILE}`);
