/**
 * Writes static/openapi/v1.yaml from src/data/apiReference. Run after changing the API data:
 *   npx tsx scripts/generate-openapi.ts
 * tests/unit/docs/openapi.test.ts fails while the committed file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderOpenApiYaml, OPENAPI_FILE } from '../src/data/apiReference/openapiYaml';

writeFileSync(join(__dirname, '..', OPENAPI_FILE), renderOpenApiYaml());
console.log(`Wrote ${OPENAPI_FILE}`);
