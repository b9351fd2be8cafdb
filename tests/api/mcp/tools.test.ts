/**
 * The MCP server at /mcp through the official SDK's client over Streamable HTTP: every tool,
 * with its schemas, structured content and text, against the real app and database.
 */
import { referenceFor } from '../../../src/data/apiReference/versions';
import { LATEST_API_VERSION } from '../../../src/data/apiVersioning';
import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { API_ENDPOINTS, endpointById, SAMPLE_IDS } from '../../../src/data/apiReference';
import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_KEY_TTL_MS, SANDBOX_KEYS_PER_MINUTE, SANDBOX_KEYS_URL, SANDBOX_REDACTED, SANDBOX_REQUEST_LOG_BODY_BYTES, SANDBOX_REQUEST_LOG_SIZE } from '../../../src/data/sandbox';
import { MCP_TOOL_NAMES } from '../../../api-server/src/mcp/tools';
import { call, connect, markdownOf, PAGES, startMcpApp, type McpTestApp } from './_mcp';

let t: McpTestApp;
let client: Client;
beforeEach(async () => {
  t = await startMcpApp();
  client = await connect(t.url);
});
afterEach(async () => {
  await client.close();
  await t.close();
});

const v1 = (plan: string) => ({ 'X-API-Version': 'v1', 'X-Plan-Type': plan });

it('offers the eight tools, each with an input and an output schema', async () => {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
  for (const tool of tools) {
    expect(tool.inputSchema.type).toBe('object');
    expect(tool.outputSchema?.type).toBe('object');
    expect(tool.description).toBeTruthy();
  }
});

it('search_docs finds the docs, the reference and the blog, and every url answers 200 on the site', async () => {
  const res = await call(client, 'search_docs', { query: 'signature' });
  expect(res.isError).toBeFalsy();
  const results = res.structuredContent!.results as { title: string; url: string; snippet: string }[];
  expect(results[0]).toEqual({ title: 'Webhooks', url: 'http://docs.test.localhost/documentation/webhooks', snippet: expect.stringContaining('HMAC-SHA256 signature') });
  expect(res.content[0]!.text).toContain('http://docs.test.localhost/documentation/webhooks');

  const found = new Map<string, string>();
  for (const query of ['signature', 'xero invoices', 'retry-after backoff']) {
    for (const r of (await call(client, 'search_docs', { query })).structuredContent!.results as { title: string; url: string }[]) found.set(r.title, r.url);
  }
  expect([...found.keys()].sort()).toEqual(PAGES.map((p) => p.title).sort());
  for (const url of found.values()) expect((await request(t.app).get(new URL(url).pathname)).status).toBe(200);

  expect((await call(client, 'search_docs', { query: 'the', limit: 1 })).structuredContent!.results).toHaveLength(1);
  expect((await call(client, 'search_docs', { query: 'zzzqqq' })).structuredContent).toEqual({ results: [] });
});

it('read_page returns the page’s Markdown copy, for docs and blog posts alike, by path or URL', async () => {
  for (const page of PAGES) {
    const res = await call(client, 'read_page', { path: page.route });
    expect(res.structuredContent).toEqual({ path: page.route, title: page.title, markdown: markdownOf(page, 'http://docs.test.localhost') });
    expect(res.content[0]!.text).toBe(markdownOf(page, 'http://docs.test.localhost'));
  }
  expect((await call(client, 'read_page', { path: 'http://docs.test.localhost/blog/rate-limits-and-plans.md' })).structuredContent!.path).toBe('/blog/rate-limits-and-plans');
  for (const path of ['/support', '/documentation/nope', '/../../etc/passwd']) {
    const res = await call(client, 'read_page', { path });
    expect(res.isError).toBe(true);
    expect(res.content[0]!.text).toMatch(/No page at/);
  }
});

it('list_endpoints lists every v1 operation, or a plan’s; get_endpoint describes one', async () => {
  const all = (await call(client, 'list_endpoints')).structuredContent!.endpoints as { method: string; path: string; plans: string[] }[];
  expect(all.map((e) => `${e.method} ${e.path}`)).toEqual(API_ENDPOINTS.map((e) => `${e.method} ${e.path}`));
  const starter = (await call(client, 'list_endpoints', { plan: 'starter' })).structuredContent!.endpoints as { path: string; plans: string[] }[];
  expect(starter.length).toBe(API_ENDPOINTS.filter((e) => e.plans.includes('starter')).length);
  expect(starter.length).toBeLessThan(all.length);
  expect(starter.every((e) => e.plans.includes('starter'))).toBe(true);

  // The newest version's document by default (new keys are pinned to it), any version's on request.
  const payment = endpointById('createPayment');
  const newest = referenceFor(LATEST_API_VERSION).endpoints.find((e) => e.id === payment.id)!;
  const res = await call(client, 'get_endpoint', { method: 'POST', path: payment.path });
  expect(res.structuredContent).toMatchObject({ method: 'POST', path: payment.path, summary: payment.summary, plans: [...payment.plans], examples: { request: newest.example, response: newest.response.example } });
  const v1 = await call(client, 'get_endpoint', { method: 'POST', path: payment.path, version: 'v1' });
  expect(v1.structuredContent).toMatchObject({ examples: { request: payment.example, response: payment.response.example } });
  expect(newest.example.amount).not.toEqual(payment.example.amount);
  expect(JSON.stringify(res.structuredContent!.requestBody)).toContain('amount');
  expect(Object.keys(res.structuredContent!.responses as object)).toContain('201');
  expect(Object.keys(res.structuredContent!.components as object).length).toBeGreaterThan(0);
  const templated = await call(client, 'get_endpoint', { method: 'POST', path: '/webhooks/{id}/test' });
  expect((templated.structuredContent!.parameters as { name: string }[]).map((p) => p.name)).toContain('id');
  expect((await call(client, 'get_endpoint', { method: 'GET', path: '/banking/nothing' })).isError).toBe(true);
});

it('create_sandbox_key mints a working key under the same per-client limit as POST /api/sandbox/keys', async () => {
  const res = await call(client, 'create_sandbox_key', { plan: 'business' });
  expect(res.structuredContent).toEqual({ key: expect.stringMatching(/^sk_test_/), plan: 'business', expiresAt: expect.any(String), apiVersion: LATEST_API_VERSION });
  const key = res.structuredContent!.key as string;
  expect((await request(t.app).get('/sandbox/v1/banking/accounts').set({ Authorization: `Bearer ${key}`, ...v1('business') })).status).toBe(200);

  for (let i = 1; i < SANDBOX_KEYS_PER_MINUTE; i++) expect((await request(t.app).post(SANDBOX_KEYS_URL).send({ plan: 'starter' })).status).toBe(201);
  const refused = await call(client, 'create_sandbox_key', { plan: 'starter' });
  expect(refused.isError).toBe(true);
  expect(refused.content[0]!.text).toMatch(/Too many sandbox keys/);
});

it('sandbox_request calls this server’s sandbox; list_sandbox_requests shows what was sent, newest first, without the key', async () => {
  const key = (await call(client, 'create_sandbox_key', { plan: 'starter' })).structuredContent!.key as string;
  const list = await call(client, 'sandbox_request', { key, method: 'GET', path: '/banking/transactions', query: { account_id: SAMPLE_IDS.account, limit: 1 }, headers: v1('starter') });
  expect(list.structuredContent).toMatchObject({ status: 200, headers: { 'request-id': expect.stringMatching(/^req_/) }, body: { data: [expect.objectContaining({ account_id: SAMPLE_IDS.account, id: expect.stringMatching(/^txn_/) })], has_more: true } });
  const refused = await call(client, 'sandbox_request', { key, method: 'POST', path: '/banking/payments', body: { amount: 'ten' }, headers: v1('starter') });
  expect(refused.isError).toBeFalsy();
  expect(refused.structuredContent).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', param: 'amount' } } });
  expect((await call(client, 'sandbox_request', { key, method: 'GET', path: '/sandbox/v1/banking/accounts', headers: v1('starter') })).structuredContent!.status).toBe(200);

  const log = await call(client, 'list_sandbox_requests', { key, limit: 2 });
  const requests = log.structuredContent!.requests as { method: string; path: string; status: number; request: { headers: Record<string, string>; body: unknown } }[];
  expect(requests.map((r) => [r.method, r.status])).toEqual([['GET', 200], ['POST', 400]]);
  expect(requests[1]!.request.body).toEqual({ amount: 'ten' });
  expect(requests[1]!.request.headers.authorization).toBe(`Bearer ${SANDBOX_REDACTED}`);
  expect(JSON.stringify(log)).not.toContain(key);
  const bad = await call(client, 'list_sandbox_requests', { key: 'sk_test_not-a-key' });
  expect(bad.isError).toBe(true);
  expect(bad.content[0]!.text).toMatch(/Invalid API key/);
});

it('is documented as it is: the docs page names every tool and the request log’s figures', () => {
  const page = fs.readFileSync(path.join(__dirname, '../../../docs/guide/ai-assistants.mdx'), 'utf8');
  for (const name of MCP_TOOL_NAMES) expect(page).toContain(`| \`${name} {`);
  expect(page).toContain(`last ${SANDBOX_REQUEST_LOG_SIZE} requests, bodies up to ${SANDBOX_REQUEST_LOG_BODY_BYTES / 1024} KB`);
  expect(page).toContain(`after ${SANDBOX_KEY_TTL_MS / 3_600_000} hours`);
});

it('sandbox_clock shows the key\'s test clock and advances it by a step, listing the events produced', async () => {
  const key = (await call(client, 'create_sandbox_key', { plan: 'starter' })).structuredContent!.key as string;
  const created = await call(client, 'sandbox_request', { key, method: 'POST', path: '/banking/transactions', body: { from_account: SAMPLE_IDS.account, amount: 5, currency: 'USD', description: 'Tea' }, headers: v1('starter') });
  const txn = (created.structuredContent!.body as { id: string; created_at: string });
  const shown = await call(client, 'sandbox_clock', { key });
  expect(shown.structuredContent).toMatchObject({ status: 200, body: { object: 'test_clock', frozen_time: txn.created_at } });
  expect(shown.content[0]!.text).toMatch(new RegExp(`^Test clock: ${txn.created_at} \\(ready\\)`));
  const moved = await call(client, 'sandbox_clock', { key, advance: '+2d' });
  const body = moved.structuredContent!.body as { events: { type: string; data: { object: { id: string } } }[] };
  expect(body.events.map((e) => [e.type, e.data.object.id])).toEqual([['transaction.completed', txn.id]]);
  expect(moved.content[0]!.text).toContain(`transaction.completed`);
  const bad = await call(client, 'sandbox_clock', { key, advance: 'soon' });
  expect([bad.isError, bad.content[0]!.text]).toEqual([true, expect.stringContaining('advance takes an ISO 8601 time')]);
});
