/**
 * Generates the request examples of every endpoint in the synced language tabs (curl, Node.js,
 * Python) from the endpoint data, so the samples cannot disagree with the reference.
 */
import type { PlanId } from '../plans';
import type { ApiVersionName } from '../apiVersioning';
import { API_KEY_ENV, API_VERSION, EXAMPLE_PLAN } from './common';
import { TYPED_CLIENT_URL_PUBLIC } from './public';
import { fillPath } from './endpoints';
import type { ApiEndpoint } from './types';

export const CODE_LANGUAGES = [
  { value: 'curl', label: 'cURL', prism: 'bash' },
  { value: 'node', label: 'Node.js', prism: 'javascript' },
  { value: 'python', label: 'Python', prism: 'python' },
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['value'];
/** groupId of the synced tabs: picking Python once shows Python everywhere, and is remembered. */
export const CODE_TABS_GROUP = 'code-language';

function queryString(endpoint: ApiEndpoint): string {
  const pairs = endpoint.params
    .filter((p) => p.in === 'query' && endpoint.example[p.name] !== undefined)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(endpoint.example[p.name]))}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function body(endpoint: ApiEndpoint): Record<string, unknown> | null {
  if (endpoint.method !== 'POST') return null;
  const entries = endpoint.params.filter((p) => p.in === 'body' && endpoint.example[p.name] !== undefined).map((p) => [p.name, endpoint.example[p.name]]);
  // A POST without body parameters (a resend) sends no body: the OpenAPI operation has no requestBody.
  if (!endpoint.params.some((p) => p.in === 'body')) return null;
  return Object.fromEntries(entries);
}

function indent(text: string, spaces: number): string {
  return text.split('\n').map((line, i) => (i === 0 ? line : ' '.repeat(spaces) + line)).join('\n');
}

/** JSON value as a Python literal (True/False/None). */
export function toPython(value: unknown, level = 0): string {
  const pad = '    '.repeat(level + 1);
  const end = '    '.repeat(level);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => toPython(v, level)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${toPython(v, level + 1)},`).join('\n')}\n${end}}`;
}

export function curlSample(endpoint: ApiEndpoint, apiBaseUrl: string, plan: PlanId = EXAMPLE_PLAN, version: ApiVersionName = API_VERSION): string {
  const url = `${apiBaseUrl}${fillPath(endpoint, endpoint.example)}${queryString(endpoint)}`;
  const lines = [
    endpoint.method === 'GET' ? `curl "${url}"` : `curl -X POST "${url}"`,
    `  -H "Authorization: Bearer $${API_KEY_ENV}"`,
    `  -H "X-API-Version: ${version}"`,
    `  -H "X-Plan-Type: ${plan}"`,
  ];
  const data = body(endpoint);
  if (data) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(`  -d '${indent(JSON.stringify(data, null, 2), 2)}'`);
  }
  return lines.join(' \\\n');
}

/** A JavaScript value as source, with unquoted keys where they are identifiers. */
function literal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');
}

/**
 * With the typed client (static/client/ledgerline.ts): paths, parameters and bodies are checked
 * by TypeScript (tests/unit/docs/typedClient.test.ts compiles every sample). Valid JavaScript
 * too, so it runs as an ES module once the client is compiled.
 */
export function nodeSample(endpoint: ApiEndpoint, apiBaseUrl: string, plan: PlanId = EXAMPLE_PLAN, version: ApiVersionName = API_VERSION): string {
  const data = body(endpoint);
  const pick = (where: 'query' | 'path') => Object.fromEntries(endpoint.params.filter((p) => p.in === where && endpoint.example[p.name] !== undefined).map((p) => [p.name, endpoint.example[p.name]]));
  const params = Object.fromEntries(Object.entries({ path: pick('path'), query: pick('query') }).filter(([, v]) => Object.keys(v).length));
  const init = { ...(Object.keys(params).length ? { params } : {}), ...(data ? { body: data } : {}) };
  const args = Object.keys(init).length ? `'${endpoint.path}', ${literal(init)}` : `'${endpoint.path}'`;
  return [
    `// Typed client (TypeScript or JavaScript, Node 22+ or a browser): ${TYPED_CLIENT_URL_PUBLIC}, npm install openapi-fetch`,
    `import { createLedgerlineClient } from './ledgerline';`,
    '',
    'const ledgerline = createLedgerlineClient({',
    `  baseUrl: '${apiBaseUrl}',`,
    `  apiKey: String(process.env.${API_KEY_ENV}),`,
    `  plan: '${plan}',`,
    // The client is v1's unless told: the option picks both the header and the types.
    ...(version === API_VERSION ? [] : [`  version: '${version}',`]),
    '});',
    '',
    `const { data, error } = await ledgerline.${endpoint.method}(${args});`,
    'if (error) throw new Error(error.error.message);',
    'console.log(JSON.stringify(data, null, 2));',
  ].join('\n');
}

export function pythonSample(endpoint: ApiEndpoint, apiBaseUrl: string, plan: PlanId = EXAMPLE_PLAN, version: ApiVersionName = API_VERSION): string {
  const data = body(endpoint);
  const query = endpoint.params.filter((p) => p.in === 'query' && endpoint.example[p.name] !== undefined);
  const params = Object.fromEntries(query.map((p) => [p.name, endpoint.example[p.name]]));
  return [
    'import json',
    'import os',
    '',
    'import requests',
    '',
    `response = requests.${endpoint.method.toLowerCase()}(`,
    `    "${apiBaseUrl}${fillPath(endpoint, endpoint.example)}",`,
    '    headers={',
    `        "Authorization": f"Bearer {os.environ['${API_KEY_ENV}']}",`,
    `        "X-API-Version": "${version}",`,
    `        "X-Plan-Type": "${plan}",`,
    '    },',
    ...(query.length ? [`    params=${toPython(params, 1)},`] : []),
    ...(data ? [`    json=${toPython(data, 1)},`] : []),
    ')',
    'response.raise_for_status()',
    'print(json.dumps(response.json(), indent=2))',
  ].join('\n');
}

/** The samples of one call, addressed to `apiBaseUrl` (the build's API_BASE_URL). */
export function codeSamples(endpoint: ApiEndpoint, apiBaseUrl: string, plan?: PlanId, version: ApiVersionName = API_VERSION): Record<CodeLanguage, string> {
  return { curl: curlSample(endpoint, apiBaseUrl, plan, version), node: nodeSample(endpoint, apiBaseUrl, plan, version), python: pythonSample(endpoint, apiBaseUrl, plan, version) };
}
