import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../e2e/_lib/server';
import { startRedis, type RunningService } from '../../_services';
import { TEST_ENGINE, testDatabaseUrl } from '../_lib/testApp';

/**
 * Libraries for what a deployment may never use load only when it does (issue 28): the Redis
 * client with REDIS_URL, node-postgres with DATABASE_URL, the MCP SDK at the first /mcp request.
 * Each is megabytes of heap, and the server's flags give the old generation room in proportion
 * to what it holds (scripts/buildServer.ts). Checked on the compiled server as `npm start` runs it.
 */
const OPTIONAL = ['redis', 'pg', '@modelcontextprotocol/sdk'] as const;

const PRELOAD = path.join(__dirname, '_loadedPackages.cjs');

async function withServer(env: Record<string, string>, exercise: (server: RunningServer) => Promise<void>): Promise<string[]> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loaded-')), 'packages.txt');
  const server = await startServer({ env: { NODE_OPTIONS: `--require ${PRELOAD}`, LOADED_PACKAGES_FILE: file, ...env } });
  try {
    await exercise(server);
  } finally {
    expect(await server.stop()).toBe(0);
  }
  return fs.readFileSync(file, 'utf8').split('\n');
}

const initialize = (url: string) =>
  fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'lazy-test', version: '1' } } }),
  });

if (TEST_ENGINE === 'sqlite') {
  test('one machine (SQLite, no Redis) serves its API without loading Redis, pg or the MCP SDK', async () => {
    const loaded = await withServer({}, async ({ url }) => {
      expect((await fetch(`${url}/api/public-config`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    });
    expect(loaded).toContain('better-sqlite3');
    for (const name of OPTIONAL) expect(loaded).not.toContain(name);
  });

  test('the first /mcp request loads the MCP SDK and is answered', async () => {
    const loaded = await withServer({}, async ({ url }) => {
      const first = await initialize(url);
      expect(first.status).toBe(200);
      expect(((await first.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBeTruthy();
      // Answered again from the loaded modules.
      expect((await initialize(url)).status).toBe(200);
    });
    expect(loaded).toContain('@modelcontextprotocol/sdk');
    expect(loaded).not.toContain('redis');
    expect(loaded).not.toContain('pg');
  });
} else {
  describe('several machines (DATABASE_URL, REDIS_URL)', () => {
    let redis: RunningService;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(() => redis.stop());

    test('load node-postgres and the Redis client on demand, and work with them', async () => {
      const loaded = await withServer({ DATABASE_URL: (await testDatabaseUrl())!, REDIS_URL: redis.url }, async ({ url }) => {
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        expect(((await ready.json()) as { checks: Record<string, string> }).checks).toMatchObject({ database: 'ok', redis: 'ok' });
      });
      expect(loaded).toEqual(expect.arrayContaining(['pg', 'redis']));
      expect(loaded).not.toContain('@modelcontextprotocol/sdk');
    });
  });
}
