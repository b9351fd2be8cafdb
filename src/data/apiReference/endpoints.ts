/**
 * Every documented call of spec section 7, in reference order. To add an endpoint, append an
 * entry to its section's list in ./endpoints/: the API docs page, the per-plan pages, the code
 * samples, the OpenAPI document and the typed client (both built, never committed) all follow.
 * `plans` is the gating of spec section 6.
 */
import { ACCOUNTING_ENDPOINTS } from './endpoints/accounting';
import { AUTH_ENDPOINTS } from './endpoints/auth';
import { BANKING_ENDPOINTS } from './endpoints/banking';
import { defineEndpoints } from './endpoints/params';
import { WEBHOOKS_ENDPOINTS } from './endpoints/webhooks';
import { WHITE_LABEL_ENDPOINTS } from './endpoints/whiteLabel';
import type { ApiEndpoint } from './types';

export { endpointAnchor } from './anchors';
export { WEBHOOK_DELIVERY_EXAMPLE, WEBHOOK_DELIVERY_SUCCEEDED_EXAMPLE } from './endpoints/examples';

export const API_ENDPOINTS = defineEndpoints([
  ...AUTH_ENDPOINTS,
  ...BANKING_ENDPOINTS,
  ...ACCOUNTING_ENDPOINTS,
  ...WEBHOOKS_ENDPOINTS,
  ...WHITE_LABEL_ENDPOINTS,
]);

/** The id of a documented call: one of the ids above, never any string. */
export type EndpointId = (typeof API_ENDPOINTS)[number]['id'];

const BY_ID = new Map<string, ApiEndpoint>(API_ENDPOINTS.map((e) => [e.id, e]));

/** The documented call with this id. */
export function endpointById(id: EndpointId): ApiEndpoint {
  const endpoint = BY_ID.get(id);
  // Only reachable from untyped callers (MDX): the type admits known ids alone.
  if (!endpoint) throw new Error(`Unknown endpoint id: ${id}`);
  return endpoint;
}

/** The path with its `{name}` parameters filled from `values` (URL-encoded). */
export function fillPath(endpoint: Pick<ApiEndpoint, 'path'>, values: Record<string, unknown>): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(String(values[name] ?? `{${name}}`)));
}

/** Endpoints of one section, in reference order. */
export function endpointsOf(section: ApiEndpoint['section']): readonly ApiEndpoint[] {
  return API_ENDPOINTS.filter((e) => e.section === section);
}

