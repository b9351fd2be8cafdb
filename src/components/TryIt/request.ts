/**
 * The request a "Try it" panel sends, built from the endpoint data and what the reader typed.
 * Pure functions: the panel, the curl text and the unit tests share them, so the browser and the
 * terminal send the same request.
 */
import { API_VERSION, IDEMPOTENCY_HEADER, type ApiEndpoint } from '@site/src/data/apiReference';
import type { ApiVersionName } from '@site/src/data/apiVersioning';
import type { PlanId } from '@site/src/data/plans';
import { SANDBOX_BASE_PATH } from '@site/src/data/sandbox';
import { TRY_IT_COPY } from '@site/src/data/tryIt';

/** What the panel's fields hold: one text per path or query parameter, the JSON body as text. */
export interface TryItValues {
  params: Record<string, string>;
  body: string;
  idempotencyKey: string;
}

export interface SandboxRequest {
  method: ApiEndpoint['method'];
  url: string;
  /** In the order curl prints them. */
  headers: [string, string][];
  body: string | null;
}

export type BuildResult = { ok: true; request: SandboxRequest } | { ok: false; message: string; field: string };

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Names of `{name}` segments in the documented path. */
export function pathParamNames(endpoint: ApiEndpoint): string[] {
  return [...endpoint.path.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** Parameters that get a field of their own: those in the path and the query (the body is one JSON field). */
export function fieldParams(endpoint: ApiEndpoint): ApiEndpoint['params'][number][] {
  const inPath = new Set(pathParamNames(endpoint));
  return endpoint.params.filter((p) => inPath.has(p.name) || p.in === 'path' || p.in === 'query');
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The fields pre-filled from the documented example (endpoint.example), as the reference shows it. */
export function initialValues(endpoint: ApiEndpoint): TryItValues {
  const params = Object.fromEntries(fieldParams(endpoint).map((p) => [p.name, asText(endpoint.example[p.name])]));
  const bodyParams = endpoint.params.filter((p) => p.in === 'body' && endpoint.example[p.name] !== undefined);
  const body = endpoint.method === 'POST' ? JSON.stringify(Object.fromEntries(bodyParams.map((p) => [p.name, endpoint.example[p.name]])), null, 2) : '';
  return { params, body, idempotencyKey: '' };
}

// Header values may not carry line breaks or other control characters (fetch throws, curl would split them).
const HEADER_SAFE = /^[\x20-\x7e]*$/;

export interface BuildOptions {
  /** Origin of the site serving the sandbox, e.g. window.location.origin. */
  origin: string;
  key: string;
  plan: PlanId;
  /** X-API-Version: the version the page shows; v1 when not given. */
  version?: ApiVersionName;
}

export function buildRequest(endpoint: ApiEndpoint, values: TryItValues, { origin, key, plan, version = API_VERSION }: BuildOptions): BuildResult {
  let missing: string | null = null;
  const path = endpoint.path.replace(PLACEHOLDER, (_m, name: string) => {
    const value = values.params[name] ?? '';
    if (value === '' && missing === null) missing = name;
    return encodeURIComponent(value);
  });
  if (missing !== null) return { ok: false, message: TRY_IT_COPY.missingPath(missing), field: missing };

  const inPath = new Set(pathParamNames(endpoint));
  const query = new URLSearchParams();
  for (const p of endpoint.params) {
    if (inPath.has(p.name)) continue;
    const value = values.params[p.name];
    // Left empty means "not sent": the sandbox then answers as it would a client that omits it.
    if (p.in === 'query' && value !== undefined && value !== '') query.append(p.name, value);
  }
  const search = query.toString();
  const url = `${origin.replace(/\/+$/, '')}${SANDBOX_BASE_PATH}${path}${search ? `?${search}` : ''}`;

  const headers: [string, string][] = [
    ['Authorization', `Bearer ${key}`],
    ['X-API-Version', version],
    ['X-Plan-Type', plan],
  ];
  let body: string | null = null;
  if (endpoint.method === 'POST') {
    const text = values.body.trim();
    if (text !== '') {
      try {
        JSON.parse(text);
      } catch (err) {
        return { ok: false, message: TRY_IT_COPY.badJson((err as Error).message), field: 'body' };
      }
      body = text;
    }
    headers.push(['Content-Type', 'application/json']);
    const idem = values.idempotencyKey.trim();
    if (idem !== '') {
      if (!HEADER_SAFE.test(idem)) return { ok: false, message: TRY_IT_COPY.badHeader, field: 'idempotencyKey' };
      headers.push([IDEMPOTENCY_HEADER, idem]);
    }
  }
  return { ok: true, request: { method: endpoint.method, url, headers, body } };
}
