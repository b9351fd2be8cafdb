/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { renderOpenApiJson, renderOpenApiYaml } from '@site/src/data/apiReference/openapiYaml';
import { API_VERSION_NAMES } from '@site/src/data/apiVersioning';

/*
 * The two linters API teams run on a document, with their stock rules: redocly's recommended
 * configuration and spectral's spectral:oas (.spectral.yaml). The document as an unconfigured install
 * serves each version's (YAML and JSON) and as a configured site serves it (with its Production server) must give 0 errors and 0 warnings.
 */
const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  for (const version of API_VERSION_NAMES) {
    writeFileSync(join(dir, `${version}.yaml`), renderOpenApiYaml(undefined, version));
    writeFileSync(join(dir, `${version}.json`), renderOpenApiJson(undefined, version));
  }
  writeFileSync(join(dir, 'served.yaml'), renderOpenApiYaml({ siteUrl: 'https://docs.ledgerline.test', apiBaseUrl: 'https://api.ledgerline.test/v1' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const documents = () => [...API_VERSION_NAMES.flatMap((v) => [join(dir, `${v}.yaml`), join(dir, `${v}.json`)]), join(dir, 'served.yaml')];

async function output(cmd: string, args: string[]): Promise<string> {
  // Both exit non-zero when they find errors; their JSON report is what the test reads either way.
  const result = await run(cmd, args, { cwd: dir, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }).catch(
    (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
  );
  return result.stdout;
}

it('passes redocly lint (recommended rules) with no error or warning', async () => {
  for (const file of documents()) {
    const report = JSON.parse(await output(bin('redocly'), ['lint', file, '--format=json'])) as { totals: Record<string, number>; problems: { ruleId: string; message: string }[] };
    expect([file, report.totals.errors, report.totals.warnings, report.problems.map((p) => `${p.ruleId}: ${p.message}`)]).toEqual([file, 0, 0, []]);
  }
}, 60_000);

it('passes spectral lint (spectral:oas) with no error or warning', async () => {
  for (const file of documents()) {
    const report = JSON.parse(await output(bin('spectral'), ['lint', '-q', '-r', join(ROOT, '.spectral.yaml'), '-f', 'json', file])) as { code: string; message: string; severity: number }[];
    // Severity 0 is an error, 1 a warning; 2 and 3 (info, hint) are advice.
    expect([file, report.filter((r) => r.severity <= 1).map((r) => `${r.code}: ${r.message}`)]).toEqual([file, []]);
  }
}, 60_000);
