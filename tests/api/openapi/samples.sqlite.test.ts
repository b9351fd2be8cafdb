/**
 * Every code sample of the reference, in every language tab, run as a developer would copy it,
 * against a real server on a loopback port (the sandbox as the API's base URL): cURL through
 * bash, Python with requests, Node.js through the typed client (compiled by tsx). Each answer
 * must validate against the success schema of its call in its version's document. One engine: the samples are
 * the subject, not the database (contract.test.ts runs the sandbox on both).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_KEY_ENV, codeSamples, type ApiEndpoint } from '../../../src/data/apiReference';
import { referenceFor } from '../../../src/data/apiReference/versions';
import { API_VERSION_NAMES, type ApiVersionName } from '../../../src/data/apiVersioning';
import { PLAN_IDS, type PlanId } from '../../../src/data/plans';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { writeTypedClient } from '../../_services/typedClient';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { mintKey, schemaErrors } from '../sandbox/_sandbox';

const exec = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');
// Inside the project, so the Node.js samples resolve openapi-fetch from its node_modules.
const DIR = join(ROOT, 'tests', '.artifacts', `samples-${process.pid}`);

let t: TestApp;
let server: Server;
let base: string;

beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
  // The client is built, not committed: rendered here by the build's generator.
  writeTypedClient(join(DIR, 'ledgerline.ts'));
});

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/**
 * A server per version: each mints a key per plan and language, and one client may mint only
 * SANDBOX_KEYS_PER_MINUTE keys a minute on one server.
 */
async function startServer(): Promise<void> {
  // Documented limits, unscaled: three languages' calls on separate keys stay under Starter's.
  t = await createTestApp({ SANDBOX_RATE_LIMIT_SCALE: '1' });
  server = await new Promise<Server>((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SANDBOX_BASE_PATH}`;
}

async function stopServer(): Promise<void> {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
}

const env = (key: string) => ({ ...process.env, [API_KEY_ENV]: key });
const opts = (key: string) => ({ env: env(key), timeout: 30_000, maxBuffer: 8 * 1024 * 1024 });

/** stdout of each sample by endpoint id, or the error it failed with. */
type Outputs = Record<string, string>;

async function runShell(endpoints: readonly ApiEndpoint[], plan: PlanId, key: string, version: ApiVersionName): Promise<Outputs> {
  const out: Outputs = {};
  for (const e of endpoints) out[e.id] = (await exec('bash', ['-c', codeSamples(e, base, plan, version).curl], opts(key)).catch((err: Error) => ({ stdout: `FAILED ${err.message}` }))).stdout;
  return out;
}

async function runPython(endpoints: readonly ApiEndpoint[], plan: PlanId, key: string, version: ApiVersionName): Promise<Outputs> {
  const out: Outputs = {};
  for (const e of endpoints) out[e.id] = (await exec('python3', ['-c', codeSamples(e, base, plan, version).python], opts(key)).catch((err: Error) => ({ stdout: `FAILED ${err.message}` }))).stdout;
  return out;
}

/** All Node.js samples of a plan in one tsx process: each is imported as its own module, its console.log captured. */
async function runNode(endpoints: readonly ApiEndpoint[], plan: PlanId, key: string, version: ApiVersionName): Promise<Outputs> {
  const dir = join(DIR, `${version}-${plan}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ledgerline.ts'), readFileSync(join(DIR, 'ledgerline.ts'), 'utf8'));
  for (const e of endpoints) writeFileSync(join(dir, `${e.id}.mts`), codeSamples(e, base, plan, version).node);
  writeFileSync(
    join(dir, 'run.mts'),
    [
      'const out: Record<string, string> = {};',
      `for (const id of ${JSON.stringify(endpoints.map((e) => e.id))}) {`,
      '  const lines: string[] = [];',
      '  console.log = (...args: unknown[]) => void lines.push(args.join(" "));',
      '  try { await import(`./${id}.mts`); } catch (err) { lines.push(`FAILED ${(err as Error).message}`); }',
      '  out[id] = lines.join("\\n");',
      '}',
      'process.stdout.write(JSON.stringify(out));',
    ].join('\n'),
  );
  const { stdout } = await exec(join(ROOT, 'node_modules', '.bin', 'tsx'), [join(dir, 'run.mts')], { ...opts(key), cwd: dir });
  return JSON.parse(stdout) as Outputs;
}

const LANGUAGES = { curl: runShell, python: runPython, node: runNode } as const;

describe.each(API_VERSION_NAMES)('version %s', (version) => {
  beforeAll(startServer);
  afterAll(stopServer);

  describe.each(PLAN_IDS)('with a %s key', (plan) => {
    const endpoints = referenceFor(version).endpoints.filter((e) => e.plans.includes(plan));

    it.each(Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[])('every %s sample runs and its answer validates against the document', async (language) => {
      // A key per language: each tab's samples create their own objects, as separate users would.
      const key = await mintKey(t.app, plan);
      const outputs = await LANGUAGES[language](endpoints, plan, key, version);
      for (const e of endpoints) {
        let body: unknown;
        try {
          body = JSON.parse(outputs[e.id]!);
        } catch {
          body = outputs[e.id];
        }
        expect([e.id, schemaErrors(e, e.response.status, body, version)]).toEqual([e.id, null]);
      }
    }, 120_000);
  });
});
