/**
 * @jest-environment node
 *
 * The request samples are generated; check that every one is syntactically valid code in its
 * language and sends the documented headers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ENDPOINTS, codeSamples, fillPath } from '@site/src/data/apiReference';

/** Whatever API_BASE_URL the build was given; the samples must address it. */
const API_BASE_URL = 'https://api.acme.test/v1';

const dir = mkdtempSync(join(tmpdir(), 'code-samples-'));

describe.each(API_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('samples of %s', (_name, endpoint) => {
  const samples = codeSamples(endpoint, API_BASE_URL, 'starter');

  it('send the bearer key, version and plan headers to the v1 base URL', () => {
    for (const source of [samples.curl, samples.python]) {
      // Path parameters filled from the example: a sample runs as copied.
      expect(source).toContain(`${API_BASE_URL}${fillPath(endpoint, endpoint.example)}`);
      expect(source).not.toMatch(/\{[a-z_]+\}/);
      expect(source).toMatch(/Bearer/);
      expect(source).toContain('X-API-Version');
      expect(source).toContain('starter');
    }
  });

  it('call the typed client on the documented path, with the base URL and plan (it sends the key and version)', () => {
    expect(samples.node).toContain(`baseUrl: '${API_BASE_URL}'`);
    expect(samples.node).toContain(`ledgerline.${endpoint.method}('${endpoint.path}'`);
    expect(samples.node).toContain(`plan: 'starter'`);
    // Path parameters are passed by name, from the example.
    for (const p of endpoint.params.filter((x) => x.in === 'path')) expect(samples.node).toContain(`${p.name}: ${JSON.stringify(endpoint.example[p.name])}`);
  });

  it('Node.js sample parses', () => {
    const file = join(dir, `${endpoint.id}.mjs`);
    writeFileSync(file, samples.node);
    expect(() => execFileSync(process.execPath, ['--check', file], { stdio: 'pipe' })).not.toThrow();
  });

  it('Python sample compiles', () => {
    expect(() => execFileSync('python3', ['-c', 'import ast,sys; ast.parse(sys.stdin.read())'], { input: samples.python, stdio: 'pipe' })).not.toThrow();
  });

  it('curl sample is valid shell', () => {
    expect(() => execFileSync('bash', ['-n'], { input: samples.curl, stdio: 'pipe' })).not.toThrow();
  });
});
