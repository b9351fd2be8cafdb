/**
 * The reference of each API version: v1's typed data (../endpoints, ../entities, ../events) with
 * each later version's changes applied in order. The OpenAPI documents, the code samples, the
 * sandbox's answers and the webhook payloads of a version all come from here, so they agree.
 */
import { API_VERSION_NAMES, type ApiVersionName } from '../../apiVersioning';
import { API_ENDPOINTS } from '../endpoints';
import { SANDBOX_ONLY_ENDPOINTS } from '../endpoints/sandbox';
import { API_SCHEMAS } from '../entities';
import { WEBHOOK_EVENTS } from '../events';
import type { ApiEndpoint, JsonSchema, WebhookEventDoc } from '../types';
import { MINOR_UNITS } from './minorUnits';
import { SETTLEMENT, v1Statuses } from './settlement';
import { STATUS_MODEL } from './statusModel';
import type { JsonObject, VersionChange } from './types';

export type { VersionChange } from './types';

/** What each version changes from the one before it (v1 is the reference as written). */
export const VERSION_CHANGES: Record<ApiVersionName, readonly VersionChange[]> = {
  v1: [],
  '2026-11-28': [MINOR_UNITS, STATUS_MODEL, SETTLEMENT],
};

/** The changes from v1 up to `version`, oldest first. */
function changesUpTo(version: ApiVersionName): VersionChange[] {
  return API_VERSION_NAMES.slice(0, API_VERSION_NAMES.indexOf(version) + 1).flatMap((v) => VERSION_CHANGES[v]);
}

const refName = (ref: string) => ref.replace('#/components/schemas/', '');

/**
 * `value` (in v1's shape, described by v1's `schema`) in `version`'s shape: every object of a
 * named schema inside it is upgraded by each change in turn, innermost first.
 */
export function upgradeValue(version: ApiVersionName, schema: string | JsonSchema, value: unknown): unknown {
  const changes = changesUpTo(version);
  // The sandbox stores the statuses of the newest versions; a version before SETTLEMENT shows its own.
  const narrow = !changes.includes(SETTLEMENT);
  if (!changes.length && !narrow) return value;
  const walk = (s: JsonSchema, v: unknown): unknown => {
    if (s.$ref) {
      const name = refName(s.$ref);
      const inner = API_SCHEMAS[name] ? walk(API_SCHEMAS[name], v) : v;
      if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return inner;
      const own = narrow ? v1Statuses(name, inner as JsonObject) : (inner as JsonObject);
      return changes.reduce((o, c) => c.upgradeObject(name, o), own);
    }
    if (Array.isArray(v)) return s.items ? v.map((x) => walk(s.items!, x)) : v;
    if (v && typeof v === 'object' && s.properties) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, s.properties![k] ? walk(s.properties![k], x) : x]));
    }
    return v;
  };
  return walk(typeof schema === 'string' ? { $ref: `#/components/schemas/${schema}` } : schema, value);
}

/** Request values of `endpointId` from v1's shape to `version`'s (the examples). */
export function upgradeParams(version: ApiVersionName, endpointId: string, values: JsonObject): JsonObject {
  return changesUpTo(version).reduce((v, c) => c.upgradeParams(endpointId, v), values);
}

/** Request values of `endpointId` from `version`'s shape to v1's: what the sandbox runs. */
export function downgradeParams(version: ApiVersionName, endpointId: string, values: JsonObject): JsonObject {
  return changesUpTo(version).reduceRight((v, c) => c.downgradeParams(endpointId, v), values);
}

/** A webhook event (v1's shape) as a webhook endpoint of `version` receives it. */
export function upgradeEvent<T extends { data: { object: unknown } }>(version: ApiVersionName, object: string, event: T): T & { api_version: ApiVersionName } {
  return { ...event, data: { ...event.data, object: upgradeValue(version, object, event.data.object) }, api_version: version };
}

export interface VersionReference {
  version: ApiVersionName;
  endpoints: readonly ApiEndpoint[];
  /** The sandbox-only calls (test clock, simulations), their answers in this version's shapes. */
  sandboxOnly: readonly ApiEndpoint[];
  schemas: Readonly<Record<string, JsonSchema>>;
  events: readonly WebhookEventDoc[];
}

function build(version: ApiVersionName): VersionReference {
  const changes = changesUpTo(version);
  const answerExample = (id: string, example: unknown): unknown => changes.reduce((x, c) => (c.responseExample ? c.responseExample(id, x) : x), example);
  const endpoint = (e: ApiEndpoint): ApiEndpoint => ({
    ...e,
    params: changes.reduce((ps, c) => c.params(e, ps), e.params),
    example: upgradeParams(version, e.id, e.example),
    response: {
      ...e.response,
      example: answerExample(e.id, upgradeValue(version, e.response.schema, e.response.example)),
      ...(e.response.exampleFor ? { exampleFor: (plan) => answerExample(e.id, upgradeValue(version, e.response.schema, e.response.exampleFor!(plan))) } : {}),
    },
  });
  return {
    version,
    endpoints: changes.length ? API_ENDPOINTS.map(endpoint) : API_ENDPOINTS,
    // Always mapped: their examples hold statuses v1 shows differently (settlement.ts).
    sandboxOnly: SANDBOX_ONLY_ENDPOINTS.map(endpoint),
    schemas: changes.reduce((s, c) => c.schemas(s), API_SCHEMAS),
    events: WEBHOOK_EVENTS.map((e) => ({ ...e, example: upgradeEvent(version, e.object, e.example as { data: { object: unknown } }) })),
  };
}

const CACHE = new Map<ApiVersionName, VersionReference>();

/** The reference as `version` documents it. */
export function referenceFor(version: ApiVersionName): VersionReference {
  let ref = CACHE.get(version);
  if (!ref) CACHE.set(version, (ref = build(version)));
  return ref;
}
