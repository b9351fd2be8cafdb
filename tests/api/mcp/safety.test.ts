/**
 * What the MCP server refuses: escapes from the sandbox (nothing is sent anywhere), bad input
 * (JSON-RPC and tool errors, never a 500), too many requests; and ten clients at once.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SANDBOX_REQUESTS_URL } from '../../../src/data/sandbox';
import { call, connect, startMcpApp, type McpTestApp } from './_mcp';

let t: McpTestApp;
let client: Client;
afterEach(async () => {
  await client?.close();
  await t.close();
});

const RPC_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('sandbox_request', () => {
  let target: http.Server;
  let received: string[];
  beforeEach(async () => {
    t = await startMcpApp();
    client = await connect(t.url);
    received = [];
    target = http.createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.end('{}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise((resolve) => target.close(resolve));
  });

  it('refuses other hosts, absolute URLs, /api and ".." (also encoded) without sending anything', async () => {
    const key = (await call(client, 'create_sandbox_key', { plan: 'starter' })).structuredContent!.key as string;
    const other = `127.0.0.1:${(target.address() as AddressInfo).port}`;
    const attempts: Record<string, unknown>[] = [
      { path: `http://${other}/banking/accounts` },
      { path: `//${other}/banking/accounts` },
      { path: `\\\\${other}/banking/accounts` },
      { path: `/@${other}/banking/accounts` },
      { path: `/banking/accounts?next=http://${other}/` },
      { path: '/api/sandbox/keys' },
      { path: '/API/sandbox/requests' },
      { path: '/../../api/sandbox/requests' },
      { path: '/banking/../../../api/sandbox/requests' },
      { path: '/%2e%2e/%2E%2E/api/sandbox/requests' },
      { path: '/%252e%252e/%252e%252e/api/sandbox/requests' },
      { path: '/banking/%2F..%2F..%2Fapi' },
      { path: '/sandbox/v2/banking/accounts' },
      { path: '/banking/accounts', headers: { Host: other } },
      { path: '/banking/accounts', headers: { 'X-Forwarded-Host': other } },
      { path: 'banking/accounts' },
    ];
    for (const attempt of attempts) {
      const res = await call(client, 'sandbox_request', { key, method: 'GET', ...attempt });
      expect({ attempt, isError: res.isError }).toEqual({ attempt, isError: true });
      expect(res.content[0]!.text).toMatch(/^Refused without sending/);
    }
    expect(received).toEqual([]);
    // Nor did anything reach this server's own sandbox.
    const log = await request(t.app).get(SANDBOX_REQUESTS_URL).set('Authorization', `Bearer ${key}`);
    expect(log.body).toEqual({ data: [] });
  });
});

describe('bad input', () => {
  beforeEach(async () => {
    t = await startMcpApp();
    client = await connect(t.url);
  });

  it('answers an unknown tool and wrong argument types with errors, and keeps serving', async () => {
    const unknown = await call(client, 'drop_tables');
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]!.text).toMatch(/Tool drop_tables not found/);
    for (const [name, args] of [
      ['search_docs', { query: 42 }],
      ['search_docs', { query: 'x', limit: 'ten' }],
      ['read_page', {}],
      ['list_endpoints', { plan: 'platinum' }],
      ['create_sandbox_key', { plan: ['starter'] }],
      ['sandbox_request', { key: 'k', method: 'DELETE', path: '/banking/accounts' }],
      ['sandbox_request', { key: 'k', method: 'GET', path: '/banking/accounts', headers: { 'X-Plan-Type': 3 } }],
    ] as const) {
      const res = await call(client, name, args);
      expect({ name, args, isError: res.isError }).toEqual({ name, args, isError: true });
      expect(res.content[0]!.text).toMatch(/Input validation error/);
    }
    expect((await call(client, 'list_endpoints')).isError).toBeFalsy();
  });

  it('answers malformed JSON, a wrong JSON-RPC shape and other methods with 4xx JSON-RPC errors, never 500', async () => {
    const malformed = await request(t.app).post('/mcp').set(RPC_HEADERS).send('{"jsonrpc": "2.0", "method": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: expect.stringMatching(/^Parse error/) }, id: null });
    for (const body of ['[]', '"hello"', '{"jsonrpc": "2.0"}', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}']) {
      const res = await request(t.app).post('/mcp').set(RPC_HEADERS).send(body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.any(String) } });
    }
    const get = await request(t.app).get('/mcp').set('Accept', 'text/event-stream');
    expect(get.status).toBe(405);
    expect(get.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
    const big = await request(t.app).post('/mcp').set(RPC_HEADERS).send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(20_000) } }));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });
});

it('is rate limited per client like the rest of the API, with a JSON-RPC 429', async () => {
  t = await startMcpApp({ RATE_LIMIT_PER_MINUTE: '1' });
  const perMinute = 300; // app.ts: the API limiter allows at least 300 a minute.
  const statuses: number[] = [];
  for (let i = 0; i <= perMinute; i++) statuses.push((await request(t.app).post('/mcp').set(RPC_HEADERS).send('{')).status);
  expect(statuses.slice(0, perMinute).every((s) => s === 400)).toBe(true);
  const refused = await request(t.app).post('/mcp').set(RPC_HEADERS).send('{}');
  expect(refused.status).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect(refused.body).toMatchObject({ jsonrpc: '2.0', error: { message: expect.stringMatching(/Too many requests/) } });
});

it('serves ten clients at once', async () => {
  t = await startMcpApp();
  const clients = await Promise.all(Array.from({ length: 10 }, () => connect(t.url)));
  client = clients[0]!;
  try {
    const answers = await Promise.all(
      clients.map(async (c, i) => {
        const key = (await call(c, 'create_sandbox_key', { plan: 'enterprise' })).structuredContent!.key as string;
        const [search, endpoints, sandbox] = await Promise.all([
          call(c, 'search_docs', { query: i % 2 ? 'signature' : 'backoff' }),
          call(c, 'list_endpoints', { plan: 'enterprise' }),
          call(c, 'sandbox_request', { key, method: 'GET', path: '/banking/accounts', headers: { 'X-API-Version': 'v1', 'X-Plan-Type': 'enterprise' } }),
        ]);
        const log = await call(c, 'list_sandbox_requests', { key });
        return { search: (search.structuredContent!.results as unknown[]).length, endpoints: !endpoints.isError, status: sandbox.structuredContent!.status, logged: (log.structuredContent!.requests as unknown[]).length };
      }),
    );
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ search: 1, endpoints: true, status: 200, logged: 1 })));
  } finally {
    await Promise.all(clients.slice(1).map((c) => c.close()));
  }
});
