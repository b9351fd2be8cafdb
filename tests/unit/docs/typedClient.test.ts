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

it('is a typed client of the document, with its wrapper', () => {
  expect(client).toMatch(/^export interface paths \{/m);
  expect(client).toContain('export function createLedgerlineClient(');
});

it('type-checks every Node.js sample of the reference against the client', () => {
  const files = Object.fromEntries(API_ENDPOINTS.map((e) => [`${e.id}.ts`, codeSamples(e, 'https://api.acme.test/v1', 'starter').node]));
  expect(compile(files)).toEqual([]);
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
