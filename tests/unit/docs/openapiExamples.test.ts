/**
 * @jest-environment node
 */
import { createHmac } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '@site/src/data/apiReference/openapi';
import { EXAMPLES } from '@site/src/data/apiReference';
import { referenceFor } from '@site/src/data/apiReference/versions';
import { EXAMPLE_SIGNATURES } from '@site/src/data/apiReference/versions/signatures';
import { API_VERSION_NAMES, type ApiVersionName } from '@site/src/data/apiVersioning';
import { DEFAULT_SITE_ADDRESSES } from '@site/src/domain/siteAddress';

/* Every example of the generated document is present and valid: the values tools such as Postman and Portman send as they are. */

interface Param { name: string; in: string; required?: boolean; schema: object; example?: unknown; $ref?: string }
interface Media { schema: object; example?: unknown; examples?: Record<string, { value: unknown }> }
interface Operation { operationId: string; parameters?: Param[]; requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> }

function setup(version: ApiVersionName) {
  const doc = JSON.parse(JSON.stringify(buildOpenApiDocument(DEFAULT_SITE_ADDRESSES, version))) as {
    paths: Record<string, Record<string, Operation>>;
    webhooks: Record<string, { post: Operation }>;
    components: { parameters: Record<string, Param>; headers: Record<string, { schema: object; example?: unknown }> };
  };

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'root', components: doc.components } as object);
  const errorsOf = (schema: object, value: unknown) => {
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, '"root#/components')) as object);
    return validate(value) ? null : validate.errors;
  };

  const operations: [string, Operation][] = [
    ...Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation])),
    ...Object.entries(doc.webhooks).map(([type, w]) => [`webhook ${type}`, w.post] as [string, Operation]),
  ];
  const resolve = (p: Param): Param => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!]! : p);
  return { doc, errorsOf, operations, resolve };
}

describe.each(API_VERSION_NAMES)('examples of the %s OpenAPI document', (version) => {
  const { doc, errorsOf, operations, resolve } = setup(version);

  it('gives every parameter and header, webhooks included, an example valid against its schema', () => {
    let count = 0;
    for (const [where, op] of operations) {
      for (const p of (op.parameters ?? []).map(resolve)) {
        count++;
        expect([where, p.name, p.example !== undefined]).toEqual([where, p.name, true]);
        expect([where, p.name, errorsOf(p.schema, p.example)]).toEqual([where, p.name, null]);
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it('gives every request body an example (the working one first) valid against its schema', () => {
    for (const [where, op] of operations) {
      if (!op.requestBody) continue;
      const media = op.requestBody.content['application/json']!;
      const values = media.examples ? Object.values(media.examples).map((e) => e.value) : [media.example];
      if (media.examples) expect([where, Object.keys(media.examples)[0]]).toEqual([where, 'default']);
      expect([where, values.length > 0 && values.every((v) => v !== undefined)]).toEqual([where, true]);
      for (const v of values) expect([where, errorsOf(media.schema, v)]).toEqual([where, null]);
    }
  });

  it('gives every response an example (or named examples) valid against its schema, and every header an example', () => {
    for (const [where, op] of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'];
        if (!media) continue;
        const values = media.examples ? Object.values(media.examples).map((e) => e.value) : [media.example];
        expect([where, status, values.length > 0 && values.every((v) => v !== undefined)]).toEqual([where, status, true]);
        for (const v of values) expect([where, status, errorsOf(media.schema, v)]).toEqual([where, status, null]);
      }
    }
    for (const [name, h] of Object.entries(doc.components.headers)) expect([name, errorsOf(h.schema, h.example)]).toEqual([name, null]);
  });

  it('signs each webhook example body with the sample secret, as the signature header example says', () => {
    for (const e of referenceFor(version).events) {
      const hmac = createHmac('sha256', EXAMPLES.Webhook.secret).update(`${e.example.created as number}.${JSON.stringify(e.example)}`).digest('hex');
      expect([e.type, EXAMPLE_SIGNATURES[version][e.type]]).toEqual([e.type, hmac]);
    }
  });

  it('gives each POST its own Idempotency-Key example, so sending every example twice replays each create', () => {
    const keys = operations.filter(([where]) => where.startsWith('POST ')).map(([, op]) => op.parameters!.find((p) => p.name === 'Idempotency-Key')?.example);
    expect(keys.every((k) => typeof k === 'string')).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('closes the schemas of what the sandbox answers: an undocumented field fails them', () => {
    const report = doc.paths['/xero/reports/profit-loss']!.get!.responses['200']!.content!['application/json']!;
    expect(errorsOf(report.schema, { ...(report.example as object), extra: 1 })).not.toBeNull();
    expect(errorsOf(report.schema, {})).not.toBeNull();
    const account = doc.paths['/banking/accounts']!.post!.responses['201']!.content!['application/json']!;
    expect(errorsOf(account.schema, { ...(account.example as object), surprise: true })).not.toBeNull();
  });
});
