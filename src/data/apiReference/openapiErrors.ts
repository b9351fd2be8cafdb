/**
 * The error answers of each operation in the OpenAPI document: the ones every call may give
 * (headers and parameters, key, rate limit, faults) and the operation's own (ApiEndpoint.errors),
 * each as a named example in the one error body. Only statuses the operation can really answer
 * are listed, so a contract tool never expects one it cannot get.
 */
import { PLAN_IDS, getPlan } from '../plans';
import { API_VERSION_NAMES, LATEST_API_VERSION, type ApiVersionName } from '../apiVersioning';
import { API_VERSION, IDEMPOTENCY, SAMPLE_IDS } from './common';
import { API_ERROR_TYPES } from './errors';
import { fixturesOf, SANDBOX_FIXTURES, type FixtureError, type SandboxFixture } from './fixtures';
import type { ApiEndpoint, EndpointError } from './types';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503;
const SUMMARIES = new Map(SANDBOX_FIXTURES.map((f) => [f.name, `Testing: ${f.title.toLowerCase()} (${f.trigger})`]));
interface ErrorCase {
  status: ErrorStatus;
  type: string;
  code: string;
  message: string;
  param: string | null;
}

const TYPE_OF_STATUS: Record<ErrorStatus, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'resource_not_found',
  // An Idempotency-Key still in use: the request is fine, only early (README, Sandbox).
  409: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
};

const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'A header or parameter is missing or invalid (param names it), or the request breaks a rule of this call.',
  401: 'The API key is missing, invalid or expired.',
  403: 'The call, an event or a count is beyond the plan of the key.',
  404: 'An id in the request names nothing in your account (param names it).',
  409: 'A request with this Idempotency-Key is still being processed: retry shortly.',
  429: "Too many requests in the last minute for your plan: retry after the Retry-After header's seconds.",
  500: 'An unexpected error on our side. Retry with backoff.',
  503: 'Storage or the shared rate-limit counters are briefly unavailable: nothing was done, retry after Retry-After.',
};

const plansPhrase = (plans: readonly string[]) => {
  const names = plans.map((p) => getPlan(p as (typeof PLAN_IDS)[number]).name);
  return `the ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]} plan`;
};

const typeOf = (t: string) => API_ERROR_TYPES.find((e) => e.type === t)!;

/** The answers every call may give, then the ones its parameters, plan and method add. */
function cases(endpoint: ApiEndpoint, version: ApiVersionName): Record<string, ErrorCase> {
  const out: Record<string, ErrorCase> = {};
  const add = (name: string, c: Omit<ErrorCase, 'type'> & { type?: string }) => (out[name] = { type: TYPE_OF_STATUS[c.status], ...c });
  const firstRequired = endpoint.params.find((p) => p.required);
  if (firstRequired) add('parameter_missing', { status: 400, code: 'parameter_missing', message: `Missing required param: ${firstRequired.name}.`, param: firstRequired.name });
  // Only v1 requires the header: from 2026-11-28 on, a request without it gets the key's pinned version.
  if (version === API_VERSION) {
    add('version_missing', { status: 400, code: 'parameter_missing', message: `Missing required header: X-API-Version (the current version is ${LATEST_API_VERSION}).`, param: 'X-API-Version' });
  } else {
    add('version_invalid', { status: 400, code: 'api_version_invalid', message: `Unknown X-API-Version 2020-01-01: the versions are ${API_VERSION_NAMES.join(', ')}.`, param: 'X-API-Version' });
  }
  if (endpoint.method === 'POST') add('idempotency_key_reused', { status: 400, code: IDEMPOTENCY.refusals.reused.code, message: IDEMPOTENCY.refusals.reused.message, param: 'Idempotency-Key' });
  add('invalid_api_key', { status: 401, code: 'invalid_api_key', message: typeOf('authentication_error').exampleMessage, param: null });
  if (endpoint.plans.length < PLAN_IDS.length) {
    add('plan_upgrade_required', { status: 403, code: 'plan_upgrade_required', message: `This endpoint requires ${plansPhrase(endpoint.plans)}.`, param: null });
  }
  if (endpoint.params.some((p) => p.name === 'starting_after')) {
    add('cursor_not_found', { status: 404, code: 'resource_missing', message: 'No such object: obj_missing.', param: 'starting_after' });
  }
  (endpoint.errors ?? []).forEach((e: EndpointError) => add(e.code === 'resource_missing' ? `${e.param}_not_found` : e.code, e));
  // The magic values of the Testing page that answer an error here (the rate limit comes last, beside the real one).
  const magic = fixturesOf(endpoint.id).filter((f) => 'code' in f.answer) as (SandboxFixture & { answer: FixtureError })[];
  for (const f of magic.filter((x) => x.answer.status !== 429)) add(f.name, f.answer);
  if (endpoint.method === 'POST') add('idempotency_key_in_use', { status: 409, code: IDEMPOTENCY.refusals.inFlight.code, message: IDEMPOTENCY.refusals.inFlight.message, param: 'Idempotency-Key' });
  add('rate_limit_exceeded', { status: 429, code: 'rate_limit_exceeded', message: typeOf('rate_limit_error').exampleMessage, param: null });
  for (const f of magic.filter((x) => x.answer.status === 429)) add(f.name, f.answer);
  add('internal_error', { status: 500, code: 'internal_error', message: typeOf('api_error').exampleMessage, param: null });
  add('storage_unavailable', { status: 503, code: 'storage_unavailable', message: 'The sandbox cannot store anything right now. Nothing was saved; please try again in a minute.', param: null });
  return out;
}

const REQUEST_ID_HEADER = { 'Request-Id': { $ref: '#/components/headers/RequestId' } };

/** The `responses` entries of every error status this operation can answer, each with named examples. */
export function errorResponses(endpoint: ApiEndpoint, version: ApiVersionName = API_VERSION): Record<string, unknown> {
  const byStatus = new Map<ErrorStatus, [string, ErrorCase][]>();
  for (const entry of Object.entries(cases(endpoint, version))) byStatus.set(entry[1].status, [...(byStatus.get(entry[1].status) ?? []), entry]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, entries]) => [
        String(status),
        {
          description: DESCRIPTIONS[status],
          headers: status === 429 || status === 503 ? { ...REQUEST_ID_HEADER, 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : REQUEST_ID_HEADER,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              examples: Object.fromEntries(
                entries.map(([name, c]) => [name, { summary: SUMMARIES.get(name) ?? c.code, value: { error: { type: c.type, code: c.code, message: c.message, param: c.param, request_id: SAMPLE_IDS.requestId } } }]),
              ),
            },
          },
        },
      ]),
  );
}

/** Headers named by the responses. */
export const RESPONSE_HEADERS = {
  RequestId: { description: 'Id of this request: quote it when contacting support.', schema: { type: 'string', pattern: '^req_[0-9A-Za-z_-]+$' }, example: SAMPLE_IDS.requestId },
  RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 }, example: 42 },
};
