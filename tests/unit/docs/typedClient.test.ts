/**
 * @jest-environment node
 *
 * The typed client, rendered by the build's generator: every Node.js sample of the reference
 * compiles against it, so a misspelled path, parameter or field in the
 * samples (or a change of the document that breaks them) fails here.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { API_ENDPOINTS, codeSamples } from '@site/src/data/apiReference';
import { referenceFor } from '@site/src/data/apiReference/versions';
import { API_VERSION_NAMES } from '@site/src/data/apiVersioning';
import { writeTypedClient } from '../../_services/typedClient';

const ROOT = join(__dirname, '..', '..', '..');
// Inside the project, so `openapi-fetch` and @types/node resolve from its node_modules.
const DIR = join(ROOT, 'tests', '.artifacts', `typed-client-${process.pid}`);
const CLIENT = join(ROOT, 'tests', '.artifacts', `typed-client-${process.pid}.ts`);
let client: string;

beforeAll(() => {
  writeTypedClient(CLIENT);
  client = readFileSync(CLIENT, 'utf8');
}, 60_000);

function compile(files: Record<string, string>): string[] {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'ledgerline.ts'), client);
  for (const [name, source] of Object.entries(files)) writeFileSync(join(DIR, name), source);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(DIR, f)),
    { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: ['node'], skipLibCheck: true },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? `${d.file.fileName.slice(DIR.length + 1)}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

afterAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  rmSync(CLIENT, { force: true });
});

it('is a typed client of every version\'s document, with its wrapper', () => {
  expect(client.match(/^ {2}export interface paths \{/gm)?.length).toBe(API_VERSION_NAMES.length);
  expect(client).toContain('export function createLedgerlineClient<V extends ApiVersion');
});

it.each(API_VERSION_NAMES)('type-checks every Node.js sample of the %s reference against the client', (version) => {
  const files = Object.fromEntries(referenceFor(version).endpoints.map((e) => [`${e.id}.ts`, codeSamples(e, 'https://api.acme.test/v1', 'starter', version).node]));
  expect(compile(files)).toEqual([]);
}, 60_000);

it('types each version\'s shapes: a v1 status spelling in a 2026-11-28 client fails', () => {
  const newest = API_VERSION_NAMES.at(-1)!;
  const sample = codeSamples(referenceFor(newest).endpoints.find((e) => e.id === 'listInvoices')!, 'https://api.acme.test/v1', 'starter', newest).node;
  expect(sample).toContain(`version: '${newest}'`);
  expect(sample).toContain('status: "submitted"');
  const errors = compile({ 'upper.ts': sample.replace('status: "submitted"', 'status: "SUBMITTED"'), 'lower.ts': sample });
  expect([errors.some((e) => e.startsWith('upper.ts')), errors.filter((e) => e.startsWith('lower.ts'))]).toEqual([true, []]);
}, 60_000);

it('refuses a sample with a misspelled field, a wrong path or a wrong type', () => {
  const sample = codeSamples(API_ENDPOINTS.find((e) => e.id === 'createTransaction')!, 'https://api.acme.test/v1').node;
  const errors = compile({
    'field.ts': sample.replace('amount:', 'amout:'),
    'path.ts': sample.replace("'/banking/transactions'", "'/banking/transaction'"),
    'type.ts': sample.replace('amount: 149.99', "amount: '149.99'"),
  });
  expect(errors.some((e) => e.startsWith('field.ts'))).toBe(true);
  expect(errors.some((e) => e.startsWith('path.ts'))).toBe(true);
  expect(errors.some((e) => e.startsWith('type.ts'))).toBe(true);
}, 60_000);
