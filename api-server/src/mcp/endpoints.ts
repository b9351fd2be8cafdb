import { API_ENDPOINTS, type ApiEndpoint } from '../../../src/data/apiReference';
import { referenceFor } from '../../../src/data/apiReference/versions';
import type { ApiVersionName } from '../../../src/data/apiVersioning';
import { buildOpenApiDocument } from '../../../src/data/apiReference/openapi';
import type { PlanId } from '../../../src/data/plans';
import type { SiteAddresses } from '../../../src/domain/siteAddress';

/** The v1 operations as the OpenAPI document states them (src/data/apiReference), for list_endpoints and get_endpoint. */
export interface EndpointSummary {
  method: string;
  path: string;
  summary: string;
  plans: PlanId[];
}

export function listEndpoints(plan?: PlanId): EndpointSummary[] {
  return API_ENDPOINTS.filter((e) => !plan || e.plans.includes(plan)).map((e) => ({ method: e.method, path: e.path, summary: e.summary, plans: [...e.plans] }));
}

type OpenApi = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
};

/** Every `#/components/...` the value names, and those they name in turn. */
function referenced(doc: OpenApi, value: unknown, out: Record<string, unknown> = {}): Record<string, unknown> {
  const text = JSON.stringify(value) ?? '';
  for (const [, group, name] of text.matchAll(/"#\/components\/(\w+)\/(\w+)"/g)) {
    const ref = `#/components/${group}/${name}`;
    if (ref in out) continue;
    out[ref] = doc.components[group!]?.[name!];
    referenced(doc, out[ref], out);
  }
  return out;
}

export interface EndpointDetail extends EndpointSummary {
  description: string;
  permission: string | null;
  parameters: unknown[];
  requestBody: unknown;
  responses: Record<string, unknown>;
  examples: { request: Record<string, unknown>; response: unknown };
  /** The OpenAPI components the operation refers to, by `$ref`. */
  components: Record<string, unknown>;
}

export function endpointDetails(addresses: SiteAddresses): (method: string, path: string, version: ApiVersionName) => EndpointDetail | undefined {
  // Each version's document built once, when first asked for: it is the same for every call.
  const docs = new Map<ApiVersionName, OpenApi>();
  const docOf = (version: ApiVersionName) => docs.get(version) ?? docs.set(version, JSON.parse(JSON.stringify(buildOpenApiDocument(addresses, version))) as OpenApi).get(version)!;
  return (method, path, version) => {
    const doc = docOf(version);
    const e: ApiEndpoint | undefined = referenceFor(version).endpoints.find((x) => x.method === method.toUpperCase() && x.path === path.replace(/\/+$/, ''));
    if (!e) return undefined;
    const op = doc.paths[e.path]![e.method.toLowerCase()]!;
    const parameters = (op.parameters as unknown[] | undefined) ?? [];
    const detail = {
      method: e.method,
      path: e.path,
      summary: e.summary,
      description: e.description,
      plans: [...e.plans],
      permission: e.permission ?? null,
      parameters,
      requestBody: op.requestBody ?? null,
      responses: op.responses as Record<string, unknown>,
      examples: { request: e.example, response: e.response.example },
    };
    return { ...detail, components: referenced(doc, [parameters, op.requestBody, op.responses]) };
  };
}
