import { createTestApp, type TestApp } from '../_lib/testApp';
/** Shared helpers of the sandbox suites: keys, documented requests, OpenAPI validation. */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import type { Express } from 'express';
import { API_VERSION, fillPath, type ApiEndpoint } from '../../../src/data/apiReference';
import { buildOpenApiDocument } from '../../../src/data/apiReference/openapi';
import { DEFAULT_SITE_ADDRESSES } from '../../../src/domain/siteAddress';
import { SANDBOX_BASE_PATH, SANDBOX_KEYS_URL } from '../../../src/data/sandbox';
import type { ApiVersionName } from '../../../src/data/apiVersioning';
import type { PlanId } from '../../../src/data/plans';

export async function mintKey(app: Express, plan: PlanId): Promise<string> {
  const res = await request(app).post(SANDBOX_KEYS_URL).send({ plan });
  if (res.status !== 201) throw new Error(`minting a ${plan} key answered ${res.status}: ${JSON.stringify(res.body)}`);
  return (res.body as { key: string }).key;
}

export const headersFor = (key: string, plan: PlanId): Record<string, string> => ({
  Authorization: `Bearer ${key}`,
  'X-API-Version': API_VERSION,
  'X-Plan-Type': plan,
});

/** Sends `endpoint` with `values` (path, query and body parameters by name), as the docs' samples do. */
export function send(app: Express, endpoint: ApiEndpoint, headers: Record<string, string>, values: Record<string, unknown> = endpoint.example) {
  const query = Object.fromEntries(endpoint.params.filter((p) => p.in === 'query' && values[p.name] !== undefined).map((p) => [p.name, String(values[p.name])]));
  const body = Object.fromEntries(endpoint.params.filter((p) => p.in === 'body' && values[p.name] !== undefined).map((p) => [p.name, values[p.name]]));
  const url = `${SANDBOX_BASE_PATH}${fillPath(endpoint, values)}`;
  const req = endpoint.method === 'GET' ? request(app).get(url).query(query) : request(app).post(url).query(query).send(body);
  return req.set(headers);
}

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }>; $ref?: string }> }>>;
  components: Record<string, unknown>;
};

/** Each version's document with its own validators (its components differ). */
const versions = new Map<ApiVersionName, { doc: Doc; validator: (schema: object) => ValidateFunction }>();
function documentOf(version: ApiVersionName) {
  let v = versions.get(version);
  if (!v) {
    const doc = JSON.parse(JSON.stringify(buildOpenApiDocument(DEFAULT_SITE_ADDRESSES, version))) as Doc;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'root', components: doc.components } as object);
    const compiled = new Map<string, ValidateFunction>();
    const validator = (schema: object): ValidateFunction => {
      const text = JSON.stringify(schema).replace(/"#\/components/g, '"root#/components');
      let fn = compiled.get(text);
      if (!fn) compiled.set(text, (fn = ajv.compile(JSON.parse(text) as object)));
      return fn;
    };
    versions.set(version, (v = { doc, validator }));
  }
  return v;
}

/**
 * Errors of `body` against the OpenAPI document's schema for this operation and status (the
 * success schema, or the shared Error schema of the error responses); null when it conforms.
 */
export function schemaErrors(endpoint: ApiEndpoint, status: number, body: unknown, version: ApiVersionName = API_VERSION): unknown {
  const { doc, validator } = documentOf(version);
  const op = doc.paths[endpoint.path]![endpoint.method.toLowerCase()]!;
  const response = op.responses[String(status)];
  if (!response) return `status ${status} is not documented for ${endpoint.id}`;
  const schema = response.content ? response.content['application/json']!.schema : { $ref: '#/components/schemas/Error' };
  const validate = validator(schema);
  return validate(body) ? null : validate.errors;
}

/** createTestApp for a suite: every app it makes is closed after each test, newest first. */
export function appsClosedAfterEach(): (...args: Parameters<typeof createTestApp>) => Promise<TestApp> {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0).reverse()) await a.close();
  });
  return async (...args) => {
    const a = await createTestApp(...args);
    apps.push(a);
    return a;
  };
}
