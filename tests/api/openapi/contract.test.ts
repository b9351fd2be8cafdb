/**
 * The contract run a developer gets from outside tools: Portman turns the published document
 * into a Postman collection with its contract tests (2xx, Content-Type, a JSON body valid against
 * the documented schema), newman runs it against a real server on a loopback port, for a key of
 * each plan, twice on the same key. Operations outside the plan must answer the documented 403.
 * Two collections: Portman's default (required parameters only, as an import into Postman) and
 * one with every optional parameter enabled, so each example in the document is sent as written.
 * Each API version's document is run, with its own X-API-Version (the document's example).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import newman from 'newman';
import { parse, stringify } from 'yaml';
import { PLANS_EXTENSION, SANDBOX_ONLY_EXTENSION } from '../../../src/data/apiReference/openapi';
import { renderOpenApiYaml } from '../../../src/data/apiReference/openapiYaml';
import { PLAN_IDS, type PlanId } from '../../../src/data/plans';
import { API_VERSION_NAMES, type ApiVersionName } from '../../../src/data/apiVersioning';
import { SANDBOX_BASE_PATH, SANDBOX_KEYS_URL } from '../../../src/data/sandbox';
import request from 'supertest';
import { createTestApp, type TestApp } from '../_lib/testApp';

const ROOT = join(__dirname, '..', '..', '..');
// The document as an unconfigured install serves it (the build renders it the same way).
const DOCUMENT_DIR = mkdtempSync(join(tmpdir(), 'openapi-contract-'));
const DOCUMENTS = Object.fromEntries(API_VERSION_NAMES.map((version) => [version, join(DOCUMENT_DIR, `${version}.yaml`)])) as Record<ApiVersionName, string>;
/**
 * The served document less its sandbox-only operations: the test clock and the simulations move
 * the key's time and objects on purpose, so their examples cannot pass twice on one key
 * (tests/api/clock runs them, against the same document's schemas).
 */
function withoutSandboxOnly(yamlText: string): string {
  const doc = parse(yamlText) as { paths: Record<string, Record<string, unknown>> };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if ((op as Record<string, unknown>)[SANDBOX_ONLY_EXTENSION]) delete item[method];
    if (!Object.keys(item).length) delete doc.paths[path];
  }
  return stringify(doc);
}
for (const version of API_VERSION_NAMES) writeFileSync(DOCUMENTS[version], withoutSandboxOnly(renderOpenApiYaml(undefined, version)));
afterAll(() => rmSync(DOCUMENT_DIR, { recursive: true, force: true }));
const exec = promisify(execFile);

/** Each operation's plans, as a user reads them from the document itself. */
// The versions share their operations and plans: v1's are read.
const operations = Object.values((parse(readFileSync(DOCUMENTS.v1, 'utf8')) as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths).flatMap((ops) =>
  Object.values(ops).map((op) => ({ id: op.operationId as string, plans: op[PLANS_EXTENSION] as PlanId[] })),
);

const CONTRACT = { contentType: { enabled: true }, jsonBody: { enabled: true }, schemaValidation: { enabled: true } };

function portmanConfig(plan: PlanId): object {
  const inPlan = operations.filter((o) => o.plans.includes(plan)).map((o) => o.id);
  const outside = operations.filter((o) => !o.plans.includes(plan)).map((o) => o.id);
  return {
    version: 1.0,
    tests: {
      contractTests: [
        { openApiOperationIds: inPlan, statusSuccess: { enabled: true }, ...CONTRACT },
        ...(outside.length ? [{ openApiOperationIds: outside, openApiResponse: '403', statusCode: { enabled: true, code: 403 }, ...CONTRACT }] : []),
      ],
      contentTests: outside.length ? [{ openApiOperationIds: outside, responseBodyTests: [{ key: 'error.code', value: 'plan_upgrade_required' }] }] : [],
    },
  };
}

let dir: string;
let t: TestApp;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'contract-'));
  // The documented per-minute limits, unscaled: four runs of every operation stay under Starter's.
  // TRUST_PROXY: each key is minted from an address of its own (keyFor), as twelve developers would;
  // from one address the twelve keys of the six runs pass the per-minute cap on minting.
  t = await createTestApp({ SANDBOX_RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' });
  server = await new Promise<Server>((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SANDBOX_BASE_PATH}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

let minted = 0;
async function keyFor(plan: PlanId): Promise<string> {
  const res = await request(t.app).post(SANDBOX_KEYS_URL).set('X-Forwarded-For', `198.51.100.${++minted}`).send({ plan });
  if (res.status !== 201) throw new Error(`minting a ${plan} key answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { key: string }).key;
}

/** Portman's CLI, as users run it; in its own folder, since it writes ./tmp there. */
async function collection(version: ApiVersionName, plan: PlanId, everyExample: boolean): Promise<object> {
  const name = `${version}-${plan}-${everyExample ? 'all' : 'required'}`;
  const work = mkdtempSync(join(dir, `${name}-`));
  writeFileSync(join(work, 'portman.json'), JSON.stringify(portmanConfig(plan)));
  const postman = { folderStrategy: 'Tags', parametersResolution: 'Example', requestParametersResolution: 'Example', exampleParametersResolution: 'Example', keepImplicitHeaders: true, enableOptionalParameters: everyExample };
  writeFileSync(join(work, 'postman.json'), JSON.stringify(postman));
  await exec(join(ROOT, 'node_modules', '.bin', 'portman'), ['-l', DOCUMENTS[version], '-c', 'portman.json', '--postmanConfigFile', 'postman.json', '-o', 'collection.json', '-b', baseUrl], { cwd: work, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(readFileSync(join(work, 'collection.json'), 'utf8')) as object;
}

function run(collectionJson: object, key: string): Promise<{ requests: number; assertions: number; failures: string[] }> {
  return new Promise((resolve, reject) => {
    newman.run({ collection: collectionJson, envVar: [{ key: 'bearerToken', value: key }], reporters: [], timeoutRequest: 10_000 }, (err, summary) => {
      if (err) return reject(err);
      const { stats, failures } = summary.run;
      resolve({ requests: stats.requests.total, assertions: stats.assertions.total, failures: failures.map((f) => `${f.source?.name ?? '?'}: ${f.error.test ?? f.error.name}: ${f.error.message}`) });
    });
  });
}

describe.each(API_VERSION_NAMES.flatMap((version) => PLAN_IDS.map((plan) => [version, plan] as const)))('version %s, a %s key', (version, plan) => {
  it('passes the contract run of the document, twice, with required parameters only and with every example', async () => {
    const results = [];
    for (const everyExample of [false, true]) {
      // A key per collection: without Idempotency-Key each run creates anew, and Starter's cap of
      // three webhooks (the sample included) leaves room for two runs, which is what a user gets.
      const key = await keyFor(plan);
      const c = await collection(version, plan, everyExample);
      for (let pass = 0; pass < 2; pass++) results.push(await run(c, key));
    }
    for (const r of results) {
      expect(r.failures).toEqual([]);
      expect(r.requests).toBe(operations.length);
      // Four assertions a call, two more for a call outside the plan (its error code is there, and is plan_upgrade_required).
      expect(r.assertions).toBe(operations.length * 4 + 2 * operations.filter((o) => !o.plans.includes(plan)).length);
    }
  }, 120_000);
});
