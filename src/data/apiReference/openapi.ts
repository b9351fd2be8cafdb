/**
 * Builds the OpenAPI 3.1 document of the documented v1 API from the typed data beside it.
 * scripts/generate-openapi.ts writes it to static/openapi/v1.yaml; a unit test checks that the
 * committed file equals this output, so the YAML, the docs pages and the plan pages cannot drift.
 */
import { PLAN_IDS } from '../plans';
import { PLAN_LIMITS } from '../limits';
import { ACCOUNTING_PROVIDER, SITE } from '../site';
import type { SiteAddresses } from '../../domain/siteAddress';
import { SANDBOX_BASE_PATH, SANDBOX_KEYS_URL } from '../sandbox';
import { API_VERSION, IDEMPOTENCY, IDEMPOTENCY_HEADER, PERMISSIONS, REQUEST_HEADERS } from './common';
import { API_SCHEMAS } from './entities';
import { API_ENDPOINTS } from './endpoints';
import { API_ERROR_TYPES, errorBody } from './errors';
import { SIGNATURE_TOLERANCE_SECONDS, WEBHOOK_EVENTS, WEBHOOK_HEADERS } from './events';
import { codeSamples, CODE_LANGUAGES } from './samples';
import type { ApiEndpoint, JsonSchema } from './types';

/** Vendor extension naming the plans allowed to call an operation or receive an event. */
export const PLANS_EXTENSION = 'x-ledgerline-plans';
export const PERMISSION_EXTENSION = 'x-ledgerline-permission';
export const PLAN_LIMITS_EXTENSION = 'x-ledgerline-plan-limits';

/** Display names of the reference sections: OpenAPI tags and the /api-docs sidebar groups. */
export const SECTION_TAGS: Record<ApiEndpoint['section'], string> = {
  auth: 'Authentication',
  banking: 'Banking',
  accounting: `${ACCOUNTING_PROVIDER.name} integration`,
  webhooks: 'Webhooks',
  whiteLabel: 'White Label',
};

/** Error responses every operation may answer, keyed by HTTP status. */
const ERROR_RESPONSES: Record<string, { name: string; type: string }> = {
  '400': { name: 'BadRequest', type: 'invalid_request_error' },
  '401': { name: 'Unauthorized', type: 'authentication_error' },
  '403': { name: 'Forbidden', type: 'permission_error' },
  '404': { name: 'NotFound', type: 'resource_not_found' },
  '429': { name: 'TooManyRequests', type: 'rate_limit_error' },
  '500': { name: 'InternalServerError', type: 'api_error' },
};

const json = (schema: JsonSchema | { $ref: string }, example: unknown) => ({ 'application/json': { schema, example } });
const ref = (schema: string | JsonSchema): JsonSchema => (typeof schema === 'string' ? { $ref: `#/components/schemas/${schema}` } : schema);

function operation(endpoint: ApiEndpoint, apiBaseUrl: string): Record<string, unknown> {
  const pathParams = endpoint.params.filter((p) => p.in === 'path');
  const query = endpoint.params.filter((p) => p.in === 'query');
  const bodyParams = endpoint.params.filter((p) => p.in === 'body');
  const samples = codeSamples(endpoint, apiBaseUrl);
  const op: Record<string, unknown> = {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [SECTION_TAGS[endpoint.section]],
    [PLANS_EXTENSION]: [...endpoint.plans],
    ...(endpoint.permission ? { [PERMISSION_EXTENSION]: endpoint.permission } : {}),
    parameters: [
      { $ref: '#/components/parameters/ApiVersion' },
      { $ref: '#/components/parameters/PlanType' },
      ...(endpoint.method === 'POST' ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ...pathParams.map((p) => ({ name: p.name, in: 'path', required: true, description: p.description, schema: p.schema })),
      ...query.map((p) => ({ name: p.name, in: 'query', required: p.required, description: p.description, schema: p.schema })),
    ],
  };
  if (bodyParams.length) {
    op.requestBody = {
      required: true,
      content: json(
        {
          type: 'object',
          properties: Object.fromEntries(bodyParams.map((p) => [p.name, { ...p.schema, description: p.description }])),
          required: bodyParams.filter((p) => p.required).map((p) => p.name),
        },
        Object.fromEntries(bodyParams.filter((p) => endpoint.example[p.name] !== undefined).map((p) => [p.name, endpoint.example[p.name]])),
      ),
    };
  }
  op.responses = {
    [String(endpoint.response.status)]: { description: endpoint.response.description, content: json(ref(endpoint.response.schema), endpoint.response.example) },
    ...Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([status, r]) => [status, { $ref: `#/components/responses/${r.name}` }])),
  };
  op['x-codeSamples'] = CODE_LANGUAGES.map((l) => ({ lang: l.value === 'node' ? 'JavaScript' : l.value === 'curl' ? 'Shell' : 'Python', label: l.label, source: samples[l.value] }));
  return op;
}

function paths(apiBaseUrl: string): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    out[endpoint.path] ??= {};
    out[endpoint.path]![endpoint.method.toLowerCase()] = operation(endpoint, apiBaseUrl);
  }
  return out;
}

function webhooks(): Record<string, unknown> {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((e) => [
      e.type,
      {
        post: {
          operationId: `webhook_${e.type.replace(/\./g, '_')}`,
          summary: e.type,
          description: `${e.description} data.object is a ${e.object}.`,
          tags: ['Webhooks'],
          [PLANS_EXTENSION]: [...e.plans],
          parameters: [
            { name: WEBHOOK_HEADERS.signature, in: 'header', required: true, description: 'sha256=<hex HMAC-SHA256 of "{timestamp}.{raw body}" keyed with the webhook secret>', schema: { type: 'string' } },
            { name: WEBHOOK_HEADERS.timestamp, in: 'header', required: true, description: `Unix time of the delivery; reject deliveries older than ${SIGNATURE_TOLERANCE_SECONDS} seconds.`, schema: { type: 'string' } },
            { name: WEBHOOK_HEADERS.eventType, in: 'header', required: true, description: 'The event type.', schema: { type: 'string', enum: [e.type] } },
          ],
          requestBody: { required: true, content: json({ $ref: '#/components/schemas/WebhookEvent' }, e.example) },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried up to your plan\'s webhook retry attempts.' } },
        },
      },
    ]),
  );
}

/** The document as served by a site at `addresses` (the build's SITE_URL and API_BASE_URL). */
export function buildOpenApiDocument(addresses: SiteAddresses): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE.name} API`,
      version: API_VERSION,
      summary: 'Banking, Xero accounting integration, webhooks and white-label APIs.',
      description: `Sample documentation of the ${SITE.name} ${API_VERSION} API. Every operation and webhook names the plans that may use it in ${PLANS_EXTENSION}.`,
      contact: { name: `${SITE.name} developer support`, email: SITE.contact.supportEmail, url: `${addresses.siteUrl}/support` },
    },
    // The sandbox's URL is relative: it is served by the same site as this document.
    servers: [
      { url: addresses.apiBaseUrl, description: 'Production' },
      { url: SANDBOX_BASE_PATH, description: `Sandbox on this site: test keys from POST ${SANDBOX_KEYS_URL}` },
    ],
    security: [{ bearerApiKey: [] }],
    tags: Object.values(SECTION_TAGS).map((name) => ({ name })),
    [PLAN_LIMITS_EXTENSION]: Object.fromEntries(PLAN_IDS.map((id) => [id, { ...PLAN_LIMITS[id] }])),
    paths: paths(addresses.apiBaseUrl),
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        bearerApiKey: { type: 'http', scheme: 'bearer', description: 'Your secret API key: Authorization: Bearer <key>.' },
      },
      parameters: {
        ApiVersion: { name: 'X-API-Version', in: 'header', required: true, description: 'API version.', schema: { type: 'string', enum: [API_VERSION] } },
        PlanType: { name: 'X-Plan-Type', in: 'header', required: true, description: 'Plan of the API key.', schema: { type: 'string', enum: [...PLAN_IDS] } },
        IdempotencyKey: { name: IDEMPOTENCY_HEADER, in: 'header', required: false, description: REQUEST_HEADERS.find((h) => h.name === IDEMPOTENCY_HEADER)!.description, schema: { type: 'string', pattern: IDEMPOTENCY.keyPattern, maxLength: 255 } },
      },
      schemas: {
        ...API_SCHEMAS,
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
            },
          },
          required: ['error'],
        },
        Permission: { type: 'string', enum: PERMISSIONS.map((p) => p.name) },
      },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map((r) => {
          const t = API_ERROR_TYPES.find((e) => e.type === r.type)!;
          return [r.name, { description: t.description, content: json({ $ref: '#/components/schemas/Error' }, errorBody(t)) }];
        }),
      ),
    },
  };
}
