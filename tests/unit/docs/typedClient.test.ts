/**
 * @jest-environment node
 *
 * The typed client: the committed copy is what the document generates now, and every Node.js
 * sample of the reference compiles against it, so a misspelled path, parameter or field in the
 * samples (or a change of the document that breaks them) fails here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { API_ENDPOINTS, codeSamples } from '@site/src/data/apiReference';
import { TYPED_CLIENT_FILE } from '@site/src/data/apiReference/public';

const ROOT = join(__dirname, '..', '..', '..');
// Inside the project, so `openapi-fetch` and @types/node resolve from its node_modules.
const DIR = join(ROOT, 'tests', '.artifacts', `typed-client-${process.pid}`);

function compile(files: Record<string, string>): string[] {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(join(DIR, 'ledgerline.ts'), readFileSync(join(ROOT, TYPED_CLIENT_FILE), 'utf8'));
  for (const [name, source] of Object.entries(files)) writeFileSync(join(DIR, name), source);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(DIR, f)),
    { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: ['node'], skipLibCheck: true },
  );
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? `${d.file.fileName.slice(DIR.length + 1)}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

it('is up to date with the document (run `npx tsx scripts/generate-openapi.ts`)', () => {
  // The generator's own check (openapi-typescript is ESM that jest cannot load): exit 1 names a stale file.
  const run = () => execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(ROOT, 'scripts', 'generate-openapi.ts'), '--check'], { cwd: ROOT, stdio: 'pipe' });
  expect(run).not.toThrow();
}, 60_000);

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
