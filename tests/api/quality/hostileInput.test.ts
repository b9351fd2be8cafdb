import { sql } from 'kysely';
import fc from 'fast-check';
import request from 'supertest';
import type { z } from 'zod';
import { checkoutRequestSchema } from '@site/src/schemas/checkout';
import { contactRequestSchema } from '@site/src/schemas/contact';
import { supportRequestSchema } from '@site/src/schemas/support';
import { deployRequestSchema, whiteLabelConfigSchema } from '@site/src/schemas/whiteLabel';
import { WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';
import { basicAuthHeader, createTestApp, type TestApp } from '../_lib/testApp';

/**
 * Property-based abuse of every live POST endpoint: at least 1,000 generated invalid or hostile
 * bodies each. Every answer must be a 4xx JSON error with a message, and nothing may be stored
 * or mailed.
 */
const RUNS = 1_000;

interface Endpoint {
  path: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  admin?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { path: '/api/contact', schema: contactRequestSchema, valid: { name: 'Ada', email: 'ada@example.com', message: 'Hello', company: 'Acme', phone: '+1 555 0100' } },
  {
    path: '/api/support',
    schema: supportRequestSchema,
    valid: { name: 'Ada', email: 'ada@example.com', subject: 'Help', message: 'Hello', priority: 'high', category: 'technical', accountId: 'acc_1' },
  },
  { path: '/api/checkout', schema: checkoutRequestSchema, valid: { planId: 'business', customerName: 'Ada', customerEmail: 'ada@example.com' } },
  { path: '/api/white-label/config', schema: whiteLabelConfigSchema, valid: { ...WHITE_LABEL_DEFAULTS }, admin: true },
  { path: '/api/white-label/deploy', schema: deployRequestSchema, valid: { configId: 'does-not-exist' }, admin: true },
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    'a\r\nBcc: victim@example.com',
    'x@example.com\r\nSubject: injected',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '\u0000\u0001\u0007',
    '\u202e\u200b\ufeff',
    "'; DROP TABLE outbox; --",
    '{{7*7}}${7*7}',
    '%0d%0aBcc:%20x@example.com',
    '🏦'.repeat(3000),
  ),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

function bodies(endpoint: Endpoint) {
  const keys = Object.keys(endpoint.valid);
  const mutateOne = fc.record({ key: fc.constantFrom(...keys), value: hostileValue }).map(({ key, value }) => ({ ...endpoint.valid, [key]: value }));
  const dropOne = fc.constantFrom(...keys).map((key) => {
    const copy: Record<string, unknown> = { ...endpoint.valid };
    delete copy[key];
    return copy;
  });
  const extraKey = fc
    .record({ key: fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ minLength: 1, maxLength: 10 })), value: hostileValue })
    // Built as JSON text so that '__proto__' becomes a real own key, as it would arrive over the wire.
    // A replacer function, because '$&'-like keys would be read as replacement patterns.
    .map(({ key, value }) => JSON.parse(JSON.stringify(endpoint.valid).replace(/^\{/, () => `{${JSON.stringify(key)}:${JSON.stringify(value ?? null)},`)) as unknown);
  const anything = fc.oneof(fc.anything(), fc.array(hostileValue), hostileValue);
  return fc
    .oneof({ weight: 4, arbitrary: mutateOne }, { weight: 1, arbitrary: dropOne }, { weight: 2, arbitrary: extraKey }, { weight: 1, arbitrary: anything })
    .filter((body) => !endpoint.schema.safeParse(body).success);
}

async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = (await t.db.introspection.getTables()).map((table) => table.name).filter((name) => name !== 'schema_migrations');
  const counts: [string, number][] = [];
  for (const name of tables) {
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(name)}`.execute(t.db);
    counts.push([name, Number(rows[0]!.n)]);
  }
  return Object.fromEntries(counts);
}

describe.each(ENDPOINTS)('hostile bodies to $path', (endpoint) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  });
  afterAll(() => t.close());

  it(`answers ${RUNS} invalid bodies with a 4xx JSON message and stores nothing`, async () => {
    const before = await rowCounts(t);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(bodies(endpoint), async (body) => {
        sent += 1;
        let req = request(t.app).post(endpoint.path).set('Content-Type', 'application/json');
        if (endpoint.admin) req = req.set('Authorization', basicAuthHeader());
        const res = await req.send(JSON.stringify(body));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(typeof res.body.error).toBe('string');
        expect(res.body.error.length).toBeGreaterThan(0);
        expect(res.body.success).toBe(false);
      }),
      { numRuns: RUNS },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
    expect(await rowCounts(t)).toEqual(before);
  }, 120_000);
});
