import { API_VERSION_NAMES, LATEST_API_VERSION, type ApiVersionName } from '../../../src/data/apiVersioning';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { PLAN_IDS, type PlanId } from '../../../src/data/plans';
import { SANDBOX_BASE_PATH, SANDBOX_KEYS_URL, SANDBOX_REQUEST_LOG_SIZE } from '../../../src/data/sandbox';
import { API_VERSION, SITE } from '../../../src/data/site';
import { TEST_CLOCK, TEST_CLOCK_ADVANCE_PATH, TEST_CLOCK_PATH } from '../../../src/data/sandboxTime';
import { advanceTarget, BadAdvance, clockLine, eventLine, type ClockAnswer } from '../cli/ledgerline/clock';
import type { LoggedRequest } from '../../../src/schemas/sandbox';
import type { DocHit, DocPage, DocsIndex } from './docs';
import type { EndpointDetail, EndpointSummary } from './endpoints';
import type { SandboxAnswer, SandboxCall } from './sandboxCall';

/** What the tools act on; built per request by router.ts (stateless: nothing is kept between calls). */
export interface ToolDeps {
  docs: DocsIndex;
  endpoint: (method: string, path: string, version: ApiVersionName) => EndpointDetail | undefined;
  listEndpoints: (plan?: PlanId) => EndpointSummary[];
  /** Under the same per-client limit as POST /api/sandbox/keys; throws a message to show. */
  createKey: (plan: PlanId) => Promise<{ key: string; plan: PlanId; expiresAt: string; apiVersion: ApiVersionName }>;
  callSandbox: (call: SandboxCall) => Promise<SandboxAnswer>;
  requests: (key: string, limit: number) => Promise<LoggedRequest[]>;
}

export const MCP_TOOL_NAMES = ['search_docs', 'read_page', 'list_endpoints', 'get_endpoint', 'create_sandbox_key', 'sandbox_request', 'list_sandbox_requests', 'sandbox_clock'] as const;

const SEARCH_LIMIT_MAX = 20;
const planSchema = z.enum(PLAN_IDS);
const json = z.json();
const loggedRequest = z.object({
  id: z.string(),
  created: z.string(),
  clockTime: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  query: z.string(),
  status: z.number(),
  durationMs: z.number(),
  request: z.object({ headers: z.record(z.string(), z.string()), body: json }),
  response: z.object({ body: json }),
});

/** Structured content plus the same data as text, for clients that show only text. */
function answer<T extends Record<string, unknown>>(data: T, text?: string): CallToolResult {
  return { structuredContent: data, content: [{ type: 'text', text: text ?? JSON.stringify(data, null, 2) }] };
}

const hitsText = (hits: DocHit[]) => (hits.length ? hits.map((h, i) => `${i + 1}. ${h.title} — ${h.url}\n   ${h.snippet}`).join('\n') : 'No page matches.');

/**
 * What each tool says of itself, built once: its zod schemas took a tenth of an MCP call's CPU
 * when mcpServer built them for every request.
 */
const TOOL_CONFIGS = {
  search_docs: {
    title: 'Search the documentation',
    description: `Searches ${SITE.name}'s documentation, API reference and blog. Each result's url is a page on the site; read it with read_page.`,
    inputSchema: { query: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).optional() },
    outputSchema: { results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })) },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  read_page: {
    title: 'Read a page',
    description: 'Returns the Markdown copy of a documentation, API reference or blog page, by its path (e.g. /documentation/webhooks) or its URL.',
    inputSchema: { path: z.string().trim().min(1).max(500) },
    outputSchema: { path: z.string(), title: z.string(), markdown: z.string() },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  list_endpoints: {
    title: 'List API endpoints',
    description: 'Every operation of the API (each version has the same ones), or only those a plan may call.',
    inputSchema: { plan: planSchema.optional() },
    outputSchema: { endpoints: z.array(z.object({ method: z.string(), path: z.string(), summary: z.string(), plans: z.array(planSchema) })) },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  get_endpoint: {
    title: 'Describe an API endpoint',
    description: `One operation as the OpenAPI document of an API version states it: parameters, request body schema, responses, examples, the plans that may call it, and the components it refers to. By default the newest version, ${LATEST_API_VERSION}, the one new sandbox keys are pinned to.`,
    inputSchema: {
      method: z.enum(['GET', 'POST']),
      path: z.string().trim().min(1).max(300).describe('As list_endpoints gives it, e.g. /webhooks/{id}/test'),
      version: z.enum(API_VERSION_NAMES).optional().describe(`The X-API-Version whose document to read (default ${LATEST_API_VERSION}).`),
    },
    outputSchema: {
      method: z.string(),
      path: z.string(),
      summary: z.string(),
      description: z.string(),
      plans: z.array(planSchema),
      permission: z.string().nullable(),
      parameters: z.array(json),
      requestBody: json,
      responses: z.record(z.string(), json),
      examples: z.object({ request: z.record(z.string(), json), response: json }),
      components: z.record(z.string(), json),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  create_sandbox_key: {
    title: 'Create a sandbox key',
    description: `Creates a sandbox test key (sk_test_…) for a plan, as POST ${SANDBOX_KEYS_URL} does: it lives 24 hours, starts with the documented sample objects, works only in the sandbox, and is pinned to the newest API version (apiVersion).`,
    inputSchema: { plan: planSchema },
    outputSchema: { key: z.string(), plan: planSchema, expiresAt: z.string(), apiVersion: z.enum(API_VERSION_NAMES) },
    annotations: { readOnlyHint: false, openWorldHint: false },
  },
  sandbox_request: {
    title: 'Call the sandbox',
    description: `Sends one request to this site's sandbox (${SANDBOX_BASE_PATH} + path) with the key, and returns the answer. Send X-API-Version to choose the API version (without it the key's pinned version answers, as create_sandbox_key says) and X-Plan-Type with the key's plan. Only sandbox paths are accepted: other hosts, absolute URLs, /api paths and ".." are refused without sending anything.`,
    inputSchema: {
      key: z.string().min(1).max(200),
      method: z.enum(['GET', 'POST']),
      path: z.string().min(1).max(1000).describe('e.g. /banking/accounts'),
      query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      body: json.optional(),
      headers: z.record(z.string(), z.string()).optional(),
    },
    outputSchema: { status: z.number(), headers: z.record(z.string(), z.string()), body: json },
    annotations: { readOnlyHint: false, openWorldHint: false },
  },
  list_sandbox_requests: {
    title: 'Recent sandbox requests',
    description: `A sandbox key's last requests (at most ${SANDBOX_REQUEST_LOG_SIZE}), newest first: what was sent and what was answered, to see what failed and why.`,
    inputSchema: { key: z.string().min(1).max(200), limit: z.number().int().min(1).max(SANDBOX_REQUEST_LOG_SIZE).optional() },
    outputSchema: { requests: z.array(loggedRequest) },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  sandbox_clock: {
    title: 'Read or advance the sandbox test clock',
    description: `A sandbox key's test clock (guide: Testing over time): without advance it answers the clock; with advance (an ISO 8601 time, or +30m, +12h, +2d from the clock's time; at most ${TEST_CLOCK.maxAdvanceDays} days) it moves the clock forward and answers the events the due transitions produced (settlements, overdue invoices), in order.`,
    inputSchema: { key: z.string().min(1).max(200), advance: z.string().trim().min(1).max(40).optional() },
    outputSchema: { status: z.number(), body: json },
    annotations: { readOnlyHint: false, openWorldHint: false },
  },
};

/**
 * One JSON Schema validator for every request's server: each McpServer otherwise makes an Ajv
 * instance of its own, a twentieth of an MCP call's CPU. It holds only compiled schemas.
 */
const VALIDATOR = new AjvJsonSchemaValidator();

export function mcpServer(deps: ToolDeps): McpServer {
  const server = new McpServer({ name: `${SITE.name.toLowerCase()}-docs`, version: '1.0.0' }, { jsonSchemaValidator: VALIDATOR });

  server.registerTool(
    'search_docs',
    TOOL_CONFIGS.search_docs,
    ({ query, limit }) => {
      const results = deps.docs.find(query, limit ?? 5);
      return answer({ results }, hitsText(results));
    },
  );

  server.registerTool(
    'read_page',
    TOOL_CONFIGS.read_page,
    ({ path }) => {
      const page: DocPage | undefined = deps.docs.read(path);
      if (!page) throw new Error(`No page at ${path}. Find pages with search_docs; paths look like /documentation/webhooks or /api-docs.`);
      return answer({ path: page.path, title: page.title, markdown: page.markdown }, page.markdown);
    },
  );

  server.registerTool(
    'list_endpoints',
    TOOL_CONFIGS.list_endpoints,
    ({ plan }) => {
      const endpoints = deps.listEndpoints(plan);
      return answer({ endpoints }, endpoints.map((e) => `${e.method} ${e.path} — ${e.summary} (${e.plans.join(', ')})`).join('\n'));
    },
  );

  server.registerTool(
    'get_endpoint',
    TOOL_CONFIGS.get_endpoint,
    ({ method, path, version }) => {
      const detail = deps.endpoint(method, path, version ?? LATEST_API_VERSION);
      if (!detail) throw new Error(`No documented operation ${method} ${path}. list_endpoints gives every method and path.`);
      return answer({ ...detail });
    },
  );

  server.registerTool(
    'create_sandbox_key',
    TOOL_CONFIGS.create_sandbox_key,
    async ({ plan }) => answer(await deps.createKey(plan)),
  );

  server.registerTool(
    'sandbox_request',
    TOOL_CONFIGS.sandbox_request,
    async (call) => {
      const result = await deps.callSandbox(call);
      return answer({ ...result }, `${result.status}\n${JSON.stringify(result.body, null, 2)}`);
    },
  );

  server.registerTool(
    'list_sandbox_requests',
    TOOL_CONFIGS.list_sandbox_requests,
    async ({ key, limit }) => {
      const requests = await deps.requests(key, limit ?? 20);
      return answer({ requests }, requests.length ? requests.map((r) => `${r.created} ${r.method} ${r.path}${r.query ? `?${r.query}` : ''} → ${r.status} (${r.id})`).join('\n') : 'No requests yet.');
    },
  );

  server.registerTool(
    'sandbox_clock',
    TOOL_CONFIGS.sandbox_clock,
    async ({ key, advance }) => {
      const headers = { 'X-API-Version': API_VERSION };
      const current = await deps.callSandbox({ key, method: 'GET', path: TEST_CLOCK_PATH, headers });
      if (current.status !== 200 || advance === undefined) return answer({ status: current.status, body: current.body as z.infer<typeof json> }, current.status === 200 ? clockLine(current.body as ClockAnswer) : undefined);
      let frozenTime: string;
      try {
        frozenTime = advanceTarget(advance, (current.body as ClockAnswer).frozen_time);
      } catch (err) {
        throw err instanceof BadAdvance ? new Error(err.message) : err;
      }
      const moved = await deps.callSandbox({ key, method: 'POST', path: TEST_CLOCK_ADVANCE_PATH, headers, body: { frozen_time: frozenTime } });
      const body = moved.body as ClockAnswer;
      return answer({ status: moved.status, body: moved.body as z.infer<typeof json> }, moved.status === 200 ? [...(body.events ?? []).map(eventLine), clockLine(body)].join('\n') : undefined);
    },
  );

  return server;
}
