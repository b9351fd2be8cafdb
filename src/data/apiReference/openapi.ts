/**
 * Builds the OpenAPI 3.1 document of each API version from the typed data beside it (v1's
 * reference with the version's changes applied, ./versions). The site build serves each as
 * /openapi/<version>.yaml and .json (src/plugins/siteAddressFiles.ts) and the typed client is
 * generated from them: nothing is committed but the release snapshots (./releases), so the YAML,
 * the docs pages and the plan pages cannot drift.
 */
import { PLAN_IDS } from '../plans';
import { PLAN_LIMITS } from '../limits';
import { ACCOUNTING_PROVIDER, SITE } from '../site';
import type { SiteAddresses } from '../../domain/siteAddress';
import { SANDBOX_BASE_PATH, SANDBOX_KEYS_URL } from '../sandbox';
import { API_VERSION, EXAMPLE_PLAN, IDEMPOTENCY, IDEMPOTENCY_HEADER, PERMISSIONS, PLAN_HEADER, PLAN_HEADER_RULE, REQUEST_HEADERS } from './common';
import { EXAMPLES } from './entities';
import { isSandboxOnly } from './endpoints/sandbox';
import { API_ERROR_TYPES } from './errors';
import { SIGNATURE_TOLERANCE_SECONDS, WEBHOOK_HEADERS } from './events';
import { EXAMPLE_SIGNATURES } from './versions/signatures';
import { referenceFor, type VersionReference } from './versions';
import { LATEST_API_VERSION, type ApiVersionName } from '../apiVersioning';
import { codeSamples, CODE_LANGUAGES } from './samples';
import { errorResponses, RESPONSE_HEADERS } from './openapiErrors';
import { fixturesOf, MAGIC } from './fixtures';
import type { ApiEndpoint, ApiParam, JsonSchema } from './types';

/** Vendor extension naming the plans allowed to call an operation or receive an event. */
export const PLANS_EXTENSION = 'x-ledgerline-plans';
export const PERMISSION_EXTENSION = 'x-ledgerline-permission';
export const PLAN_LIMITS_EXTENSION = 'x-ledgerline-plan-limits';
/** Marks the operations that exist only at the sandbox (the test clock, simulations): never in production. */
export const SANDBOX_ONLY_EXTENSION = 'x-ledgerline-sandbox-only';
/** The tag of the sandbox-only operations. */
export const SANDBOX_ONLY_TAG = { name: 'Sandbox testing', description: 'Sandbox only: the test clock and simulations (guide: Testing over time). Not part of the production API.' };

/** Display names of the reference sections: OpenAPI tags and the /api-docs sidebar groups. */
export const SECTION_TAGS: Record<ApiEndpoint['section'], string> = {
  auth: 'Authentication',
  banking: 'Banking',
  accounting: `${ACCOUNTING_PROVIDER.name} integration`,
  webhooks: 'Webhooks',
  whiteLabel: 'White Label',
};

/** What each section of the reference covers: the tags' descriptions. */
const SECTION_DESCRIPTIONS: Record<ApiEndpoint['section'], string> = {
  auth: 'Sign a user in and read the signed-in user.',
  banking: 'Bank accounts, transactions and payments.',
  accounting: `Connect ${ACCOUNTING_PROVIDER.name}, read its organizations, invoices and reports, and sync transactions to it.`,
  webhooks: 'Endpoints that receive events, signed with HMAC-SHA256, and their test deliveries.',
  whiteLabel: 'The branding and deployment of your white-label platform (Enterprise).',
};

/**
 * The Idempotency-Key example of one operation: each POST has its own, so a contract run that
 * sends every example (twice) replays each create instead of creating twice or reusing one
 * operation's key on another (which answers 400 idempotency_key_reused).
 */
export function idempotencyExample(endpoint: Pick<ApiEndpoint, 'id'>, version: ApiVersionName = API_VERSION): string {
  // Per version too: the same create differs between versions (amounts), and a key is bound to its parameters.
  return `example-${endpoint.id}-${version}`;
}

/** Hosts that name this machine: an unconfigured install has no production API to list. */
const isLocalHost = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/** Every parameter's example: the endpoint's example value, else the parameter's own (e.g. a cursor). */
const exampleOf = (endpoint: ApiEndpoint, p: ApiParam): unknown => endpoint.example[p.name] ?? p.example;

const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description: REQUEST_HEADERS.find((h) => h.name === IDEMPOTENCY_HEADER)!.description,
  schema: { type: 'string', pattern: IDEMPOTENCY.keyPattern, maxLength: 255 },
};

/**
 * The success answer's example, with the Testing page's magic outcomes that still succeed (a
 * delivery that will fail) as named examples: the 201 is the queued delivery, still pending.
 */
function successContent(endpoint: ApiEndpoint): Record<string, unknown> {
  const magic = fixturesOf(endpoint.id).filter((f) => 'on' in f.answer && f.answer.on === endpoint.id);
  if (!magic.length) return json(ref(endpoint.response.schema), endpoint.response.example);
  const base = endpoint.response.example as Record<string, unknown>;
  return {
    'application/json': {
      schema: ref(endpoint.response.schema),
      examples: {
        default: { summary: 'Queued delivery', value: base },
        ...Object.fromEntries(
          magic.map((f) => [f.name, { summary: `Testing: ${f.title.toLowerCase()}`, description: f.description, value: { ...base, url: MAGIC.failingWebhookUrl } }]),
        ),
      },
    },
  };
}

const json = (schema: JsonSchema | { $ref: string }, example: unknown) => ({ 'application/json': { schema, example } });
const ref = (schema: string | JsonSchema): JsonSchema => (typeof schema === 'string' ? { $ref: `#/components/schemas/${schema}` } : schema);

function operation(endpoint: ApiEndpoint, apiBaseUrl: string, version: ApiVersionName): Record<string, unknown> {
  const pathParams = endpoint.params.filter((p) => p.in === 'path');
  const query = endpoint.params.filter((p) => p.in === 'query');
  const bodyParams = endpoint.params.filter((p) => p.in === 'body');
  const samples = codeSamples(endpoint, apiBaseUrl, undefined, version);
  const op: Record<string, unknown> = {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [isSandboxOnly(endpoint) ? SANDBOX_ONLY_TAG.name : SECTION_TAGS[endpoint.section]],
    [PLANS_EXTENSION]: [...endpoint.plans],
    // Only the sandbox answers them: the operation names it as its one server.
    ...(isSandboxOnly(endpoint) ? { [SANDBOX_ONLY_EXTENSION]: true, servers: [{ url: SANDBOX_BASE_PATH, description: 'Sandbox only' }] } : {}),
    ...(endpoint.permission ? { [PERMISSION_EXTENSION]: endpoint.permission } : {}),
    parameters: [
      { $ref: '#/components/parameters/ApiVersion' },
      { $ref: '#/components/parameters/PlanType' },
      ...(endpoint.method === 'POST' ? [{ ...IDEMPOTENCY_PARAMETER, example: idempotencyExample(endpoint, version) }] : []),
      ...pathParams.map((p) => ({ name: p.name, in: 'path', required: true, description: p.description, schema: p.schema, example: exampleOf(endpoint, p) })),
      ...query.map((p) => ({ name: p.name, in: 'query', required: p.required, description: p.description, schema: p.schema, example: exampleOf(endpoint, p) })),
    ],
  };
  if (bodyParams.length) {
    const bodyOf = (values: Record<string, unknown>) => Object.fromEntries(bodyParams.filter((p) => values[p.name] !== undefined).map((p) => [p.name, values[p.name]]));
    const schema: JsonSchema = {
      type: 'object',
      properties: Object.fromEntries(bodyParams.map((p) => [p.name, { ...p.schema, description: p.description }])),
      required: bodyParams.filter((p) => p.required).map((p) => p.name),
      // The sandbox answers 400 parameter_unknown to any other field.
      additionalProperties: false,
    };
    // The Testing page's magic values, as named examples after the working one (tools send the first).
    const magic = fixturesOf(endpoint.id).filter((f) => f.values && Object.keys(f.values).some((k) => bodyParams.some((p) => p.name === k)));
    op.requestBody = {
      required: true,
      content: magic.length
        ? {
            'application/json': {
              schema,
              examples: {
                default: { summary: 'Works with every new sandbox key', value: bodyOf(endpoint.example) },
                ...Object.fromEntries(magic.map((f) => [f.name, { summary: `Testing: ${f.title.toLowerCase()}`, description: f.description, value: bodyOf({ ...endpoint.example, ...f.values }) }])),
              },
            },
          }
        : json(schema, bodyOf(endpoint.example)),
    };
  }
  op.responses = {
    [String(endpoint.response.status)]: {
      description: endpoint.response.description,
      headers: { 'Request-Id': { $ref: '#/components/headers/RequestId' }, [PLAN_HEADER]: { $ref: '#/components/headers/PlanType' } },
      content: successContent(endpoint),
    },
    ...errorResponses(endpoint, version),
  };
  op['x-codeSamples'] = CODE_LANGUAGES.map((l) => ({ lang: l.value === 'node' ? 'JavaScript' : l.value === 'curl' ? 'Shell' : 'Python', label: l.label, source: samples[l.value] }));
  return op;
}

function paths(apiBaseUrl: string, sandboxUrl: string, ref: VersionReference): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ref.endpoints) {
    out[endpoint.path] ??= {};
    out[endpoint.path]![endpoint.method.toLowerCase()] = operation(endpoint, apiBaseUrl, ref.version);
  }
  for (const endpoint of ref.sandboxOnly) {
    out[endpoint.path] ??= {};
    out[endpoint.path]![endpoint.method.toLowerCase()] = operation(endpoint, sandboxUrl, ref.version);
  }
  return out;
}

function webhooks(ref: VersionReference): Record<string, unknown> {
  return Object.fromEntries(
    ref.events.map((e) => [
      e.type,
      {
        post: {
          operationId: `webhook_${e.type.replace(/\./g, '_')}`,
          summary: e.type,
          description: `${e.description} data.object is a ${e.object}.`,
          tags: ['Webhooks'],
          [PLANS_EXTENSION]: [...e.plans],
          parameters: [
            {
              name: WEBHOOK_HEADERS.signature,
              in: 'header',
              required: true,
              description: `sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" keyed with the webhook secret>. The example signs this example body with the sample secret ${EXAMPLES.Webhook.secret}.`,
              schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
              example: `sha256=${EXAMPLE_SIGNATURES[ref.version][e.type]}`,
            },
            {
              name: WEBHOOK_HEADERS.timestamp,
              in: 'header',
              required: true,
              description: `Unix time of the delivery; reject deliveries older than ${SIGNATURE_TOLERANCE_SECONDS} seconds.`,
              schema: { type: 'string', pattern: '^[0-9]+$' },
              example: String(e.example.created),
            },
            { name: WEBHOOK_HEADERS.eventType, in: 'header', required: true, description: 'The event type.', schema: { type: 'string', enum: [e.type] }, example: e.type },
          ],
          requestBody: { required: true, content: json({ $ref: '#/components/schemas/WebhookEvent' }, e.example) },
          responses: {
            '200': { description: "Any 2xx acknowledges the delivery; anything else is retried up to your plan's webhook retry attempts." },
            '400': { description: 'Answer 4xx to a delivery whose signature does not verify or whose timestamp is too old: it is not retried as a success.' },
          },
        },
      },
    ]),
  );
}

/** How the version header reads in each version's document: from 2026-11-28 on, a key's pinned version applies when it is left out. */
function versionParameter(version: ApiVersionName): Record<string, unknown> {
  const pinned = version !== API_VERSION;
  return {
    name: 'X-API-Version',
    in: 'header',
    required: !pinned,
    description: pinned
      ? `API version: ${version} selects this document's shapes. Left out, your key's pinned version applies (new keys are pinned to the newest, ${LATEST_API_VERSION}).`
      : 'API version.',
    schema: { type: 'string', enum: [version] },
    example: version,
  };
}

/** The document of `version` as served by a site at `addresses` (the build's SITE_URL and API_BASE_URL). */
export function buildOpenApiDocument(addresses: SiteAddresses, version: ApiVersionName = API_VERSION): Record<string, unknown> {
  const ref = referenceFor(version);
  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE.name} API`,
      // Exactly the X-API-Version value that selects this document.
      version,
      summary: 'Banking, Xero accounting integration, webhooks and white-label APIs.',
      description: `Sample documentation of the ${SITE.name} ${version} API. Every operation and webhook names the plans that may use it in ${PLANS_EXTENSION}.`,
      contact: { name: `${SITE.name} developer support`, email: SITE.contact.supportEmail, url: `${addresses.siteUrl}/support` },
      license: { name: 'Proprietary: sample documentation for Ledgerline customers', url: `${addresses.siteUrl}/terms` },
    },
    // The sandbox's URL is relative: it is served by the same site as this document.
    servers: [
      ...(isLocalHost(addresses.apiBaseUrl) ? [] : [{ url: addresses.apiBaseUrl, description: 'Production' }]),
      { url: SANDBOX_BASE_PATH, description: `Sandbox on this site: test keys from POST ${SANDBOX_KEYS_URL}` },
    ],
    security: [{ bearerApiKey: [] }],
    tags: [...Object.entries(SECTION_TAGS).map(([section, name]) => ({ name, description: SECTION_DESCRIPTIONS[section as ApiEndpoint['section']] })), SANDBOX_ONLY_TAG],
    [PLAN_LIMITS_EXTENSION]: Object.fromEntries(PLAN_IDS.map((id) => [id, { ...PLAN_LIMITS[id] }])),
    paths: paths(addresses.apiBaseUrl, `${addresses.siteUrl}${SANDBOX_BASE_PATH}`, ref),
    webhooks: webhooks(ref),
    components: {
      securitySchemes: {
        bearerApiKey: { type: 'http', scheme: 'bearer', description: 'Your secret API key: Authorization: Bearer <key>.' },
      },
      parameters: {
        ApiVersion: versionParameter(version),
        PlanType: { name: PLAN_HEADER, in: 'header', required: false, description: PLAN_HEADER_RULE, schema: { type: 'string', enum: [...PLAN_IDS] }, example: EXAMPLE_PLAN },
      },
      headers: {
        ...RESPONSE_HEADERS,
        PlanType: { description: 'The plan of the API key, which this answer applied.', schema: { type: 'string', enum: [...PLAN_IDS] }, example: EXAMPLE_PLAN },
      },
      schemas: {
        ...ref.schemas,
        Error: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: {
                type: { type: 'string', enum: API_ERROR_TYPES.map((t) => t.type) },
                code: { type: 'string', description: 'Machine-readable code, e.g. parameter_missing.' },
                message: { type: 'string', description: 'Human-readable message.' },
                param: { type: ['string', 'null'], description: 'The parameter at fault, if any.' },
                request_id: { type: 'string', description: 'Quote it when contacting support.' },
              },
              required: ['type', 'code', 'message', 'param', 'request_id'],
              additionalProperties: false,
            },
          },
          required: ['error'],
          additionalProperties: false,
        },
        Permission: { type: 'string', enum: PERMISSIONS.map((p) => p.name) },
      },
    },
  };
}
