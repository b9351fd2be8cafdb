/**
 * @jest-environment node
 */
import { parse } from 'yaml';
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { renderOpenApiJson, renderOpenApiYaml } from '@site/src/data/apiReference/openapiYaml';
import { PLANS_EXTENSION, PLAN_LIMITS_EXTENSION, SANDBOX_ONLY_EXTENSION } from '@site/src/data/apiReference/openapi';
import { SANDBOX_ONLY_ENDPOINTS } from '@site/src/data/apiReference/endpoints/sandbox';
import { API_ENDPOINTS, WEBHOOK_EVENTS, API_ERROR_TYPES, HTTP_STATUS_CODES, PERMISSIONS } from '@site/src/data/apiReference';
import { PLAN_IDS } from '@site/src/data/plans';
import { PLAN_LIMITS } from '@site/src/data/limits';
import { DEFAULT_SITE_ADDRESSES } from '@site/src/domain/siteAddress';

/** The document as an unconfigured install serves it (the build renders it: src/plugins/siteAddressFiles.ts). */
const rendered = renderOpenApiYaml(DEFAULT_SITE_ADDRESSES);
type Doc = {
  paths: Record<string, Record<string, { operationId: string; [k: string]: unknown }>>;
  webhooks: Record<string, { post: Record<string, unknown> }>;
  components: { schemas: Record<string, unknown> };
  [k: string]: unknown;
};
const doc = parse(rendered) as Doc;

/** The spec's documented calls: every operation but the sandbox-only ones (the test clock, simulations). */
const documented = (ops: Doc['paths'][string]) => Object.entries(ops).filter(([, op]) => !op[SANDBOX_ONLY_EXTENSION]);
/** operationId -> plans, read from the rendered YAML (not from the TS data). */
const opPlans = Object.fromEntries(
  Object.entries(doc.paths).flatMap(([path, ops]) => documented(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op[PLANS_EXTENSION] as string[]])),
);
const eventPlans = Object.fromEntries(Object.entries(doc.webhooks).map(([type, w]) => [type, w.post[PLANS_EXTENSION] as string[]]));

describe('the OpenAPI document (/openapi/v1.yaml and .json)', () => {
  it('says the same as YAML and as JSON, for an unconfigured install', () => {
    expect(JSON.parse(renderOpenApiJson(DEFAULT_SITE_ADDRESSES))).toEqual(doc);
    // An unconfigured install's API base URL is this machine: no production server to list, only the sandbox.
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/sandbox/v1' })]);
  });

  it('names the configured addresses when the build renders its served copy', () => {
    const served = renderOpenApiYaml({ siteUrl: 'https://docs.acme.test', apiBaseUrl: 'https://api.acme.test/v2' });
    const parsed = parse(served) as Doc & { servers: { url: string }[]; info: { contact: { url: string } } };
    expect(parsed.servers[0]!.url).toBe('https://api.acme.test/v2');
    expect(parsed.info.contact.url).toBe('https://docs.acme.test/support');
    const samplesOf = (sandboxOnly: boolean) =>
      Object.values(parsed.paths).flatMap((ops) => Object.values(ops).filter((op) => Boolean(op[SANDBOX_ONLY_EXTENSION]) === sandboxOnly).flatMap((op) => (op['x-codeSamples'] as { source: string }[]).map((s) => s.source)));
    expect(samplesOf(false).length).toBeGreaterThan(0);
    // A URL (curl, Python) or the typed client's baseUrl (Node.js).
    for (const source of samplesOf(false)) expect(source).toMatch(/https:\/\/api\.acme\.test\/v2['/]/);
    // The sandbox-only calls exist at the site's sandbox alone.
    for (const source of samplesOf(true)) expect(source).toMatch(/https:\/\/docs\.acme\.test\/sandbox\/v1['/]/);
    expect(served).not.toContain(DEFAULT_SITE_ADDRESSES.siteUrl);
  });

  it('offers an optional Idempotency-Key on every POST and on nothing else', () => {
    for (const ops of Object.values(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const key = (op.parameters as { name?: string; required?: boolean }[]).find((p) => p.name === 'Idempotency-Key');
        expect([op.operationId, key?.required]).toEqual([op.operationId, method === 'post' ? false : undefined]);
      }
    }
  });

  it('makes X-Plan-Type optional: the key carries its plan', () => {
    expect((doc.components as unknown as { parameters: Record<string, { required: boolean; name: string }> }).parameters.PlanType).toMatchObject({ name: 'X-Plan-Type', required: false });
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    // structuredClone: the parser dereferences the object it is given in place.
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as { openapi: string }).openapi).toBe('3.1.0');
  });

  // Spec section 7, restated on purpose: this is the drift check of the documented calls.
  it('describes every documented call of the spec on the xero path segment', () => {
    expect(Object.keys(opPlans).sort()).toEqual(
      [
        'POST /auth/login', 'POST /auth/refresh', 'GET /auth/user',
        'GET /banking/accounts', 'POST /banking/accounts', 'GET /banking/transactions', 'POST /banking/transactions', 'POST /banking/payments',
        'GET /xero/auth/connect', 'POST /xero/auth/callback', 'GET /xero/organizations', 'GET /xero/invoices',
        'POST /xero/invoices/sync', 'POST /xero/sync', 'GET /xero/reports/profit-loss',
        'POST /webhooks', 'GET /webhooks', 'GET /white-label/config', 'POST /white-label/deploy',
        // Added for the sandbox (issue 17): a test event and its deliveries; resending one (issue 27).
        'POST /webhooks/{id}/test', 'GET /webhooks/{id}/deliveries', 'POST /webhooks/{id}/deliveries/{delivery_id}/resend',
      ].sort(),
    );
  });

  // Spec section 6 gating, restated.
  it('names the plans of each operation as the spec gates them', () => {
    const all = [...PLAN_IDS];
    const gated: Record<string, string[]> = {
      'POST /banking/accounts': ['business', 'enterprise'],
      'POST /xero/sync': ['business', 'enterprise'],
      'GET /white-label/config': ['enterprise'],
      'POST /white-label/deploy': ['enterprise'],
    };
    for (const [op, plans] of Object.entries(opPlans)) expect([op, plans]).toEqual([op, gated[op] ?? all]);
  });

  it('has the nine webhook events of the spec and invoice.overdue, with their plans', () => {
    expect(eventPlans).toEqual({
      'transaction.completed': ['starter', 'business', 'enterprise'],
      'transaction.failed': ['starter', 'business', 'enterprise'],
      'payment.succeeded': ['starter', 'business', 'enterprise'],
      'payment.failed': ['starter', 'business', 'enterprise'],
      'account.updated': ['business', 'enterprise'],
      'xero.sync.completed': ['business', 'enterprise'],
      'invoice.created': ['starter', 'business', 'enterprise'],
      'user.created': ['business', 'enterprise'],
      'white_label.deployed': ['enterprise'],
      'invoice.overdue': ['starter', 'business', 'enterprise'],
    });
  });

  it('carries the plan limits of src/data/limits', () => {
    expect(doc[PLAN_LIMITS_EXTENSION]).toEqual(JSON.parse(JSON.stringify(PLAN_LIMITS)));
  });

  it('documents the error body, all error types and the HTTP codes', () => {
    const error = (doc.components.schemas.Error as { properties: { error: { required: string[]; properties: { type: { enum: string[] } } } } }).properties.error;
    expect(error.required).toEqual(['type', 'code', 'message', 'param', 'request_id']);
    expect(error.properties.type.enum).toEqual([
      'authentication_error', 'invalid_request_error', 'permission_error', 'rate_limit_error', 'resource_not_found', 'processing_error', 'api_error',
    ]);
    expect(HTTP_STATUS_CODES.map((c) => c.code)).toEqual([200, 201, 400, 401, 403, 404, 429, 500]);
    expect(API_ERROR_TYPES.some((t) => t.exampleCode === 'parameter_missing')).toBe(true);
    expect(PERMISSIONS.map((p) => p.name).sort()).toEqual(['manage:users', 'manage:white_label', 'read:accounts', 'read:basic', 'read:premium', 'write:transactions']);
  });

  it('has response and event examples that validate against their schemas', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'root', components: doc.components } as object);
    const check = (schema: object, example: unknown, where: string) => {
      const resolved = JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, '"root#/components'));
      const validate = ajv.compile(resolved);
      expect([where, validate(example), validate.errors ?? null]).toEqual([where, true, null]);
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        type Media = { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> };
        // The working example: the only one, or the first of the named ones (the Testing page's magic values follow it).
        const first = (m: Media) => m.example ?? Object.values(m.examples!)[0]!.value;
        const responses = op.responses as Record<string, { content?: Record<string, Media> }>;
        const ok = Object.entries(responses).find(([status]) => status.startsWith('2'))!;
        const media = ok[1].content!['application/json']!;
        check(media.schema, first(media), `${method} ${path}`);
        const body = (op.requestBody as { content: Record<string, Media> } | undefined)?.content['application/json'];
        if (body) check(body.schema, first(body), `${method} ${path} request`);
      }
    }
    for (const [type, w] of Object.entries(doc.webhooks)) {
      const media = (w.post.requestBody as { content: Record<string, { schema: object; example: unknown }> }).content['application/json']!;
      check(media.schema, media.example, type);
    }
  });

  it('lists the sandbox-only calls, marked and served by the sandbox alone', () => {
    const marked = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op[SANDBOX_ONLY_EXTENSION] === true).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.servers]));
    expect(marked).toEqual(SANDBOX_ONLY_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, [{ url: '/sandbox/v1', description: 'Sandbox only' }]]));
  });

  it('matches the TypeScript data one for one', () => {
    expect(Object.keys(opPlans)).toHaveLength(API_ENDPOINTS.length);
    expect(Object.keys(eventPlans)).toEqual(WEBHOOK_EVENTS.map((e) => e.type));
  });
});
