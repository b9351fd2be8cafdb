import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_VERSION } from '@site/src/data/apiReference';
import { SANDBOX_BASE_PATH, SANDBOX_KEYS_PER_MINUTE, SANDBOX_KEYS_URL, SANDBOX_MAX_OBJECTS_PER_KEY } from '@site/src/data/sandbox';
import { formTokenFor } from '../_lib/formToken';
import { ADMIN, startServer } from '../_lib/server';
import { SPEC_ROUTES } from '../quality/routes';

/**
 * The production server on the Node running this file: CI runs it on every supported line
 * (TEST_NODE_LINES), so a line whose runtime or native addon aborts (better-sqlite3 12 on Node 24
 * did, at start-up and in garbage collection) fails here. The traffic phase lasts SOAK_SECONDS
 * (20 by default; CI gives the main line a few minutes).
 */
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 20);
const CYCLES = 20;
/** Payments made with one sandbox key: under its object cap, with room to spare. */
const ROUNDS_PER_KEY = Math.floor(SANDBOX_MAX_OBJECTS_PER_KEY * 0.8);
const MINT_EVERY_MS = (2 * 60_000) / SANDBOX_KEYS_PER_MINUTE;

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const basic = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

/** Everything the process printed that means it died abnormally. */
const ABORT = /Assertion failed|Segmentation fault|FATAL ERROR|core dumped|Aborted|node::/;

describe(`the production server on Node ${process.version}`, () => {
  it(`starts and stops cleanly ${CYCLES} times on one data directory`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-line-'));
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const server = await startServer({ dataDir });
      const res = await fetch(`${server.url}/readyz`);
      expect([cycle, res.status]).toEqual([cycle, 200]);
      const code = await server.stop();
      expect([cycle, code, server.output()]).toEqual([cycle, 0, expect.not.stringMatching(ABORT)]);
    }
  }, 120_000);

  it('answers every route of the spec, the probes and the documents', async () => {
    const server = await startServer();
    try {
      for (const route of [...SPEC_ROUTES, '/blog/rate-limits-and-plans', '/healthz', '/readyz', '/sitemap.xml', '/llms.txt']) {
        const res = await fetch(server.url + route, { headers: route === '/white-label' ? { Authorization: basic } : {} });
        expect([route, res.status]).toEqual([route, 200]);
        await res.arrayBuffer();
      }
      expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it(`carries mixed traffic (checkout, forms, sandbox, MCP) for ${SOAK_SECONDS} s and stops cleanly`, async () => {
    const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    const counts = { checkout: 0, contact: 0, support: 0, sandbox: 0, mcp: 0 };
    const failures: string[] = [];
    try {
      const until = Date.now() + SOAK_SECONDS * 1000;
      // A fresh key every ROUNDS_PER_KEY rounds keeps each under its object cap; at most one key
      // each MINT_EVERY_MS keeps the minting at half its limit, however fast the loop runs.
      let lastMint = 0;
      const sandboxHeaders = async () => {
        await new Promise((r) => setTimeout(r, Math.max(0, lastMint + MINT_EVERY_MS - Date.now())));
        lastMint = Date.now();
        const minted = await fetch(server.url + SANDBOX_KEYS_URL, json({ plan: 'enterprise' }));
        if (minted.status !== 201) throw new Error(`minting a sandbox key answered ${minted.status}: ${await minted.text()}`);
        const { key } = (await minted.json()) as { key: string };
        return { Authorization: `Bearer ${key}`, 'X-API-Version': API_VERSION, 'X-Plan-Type': 'enterprise', 'Content-Type': 'application/json' };
      };
      const expectOk = async (what: keyof typeof counts, res: Promise<Response>) => {
        const answer = await res;
        if (answer.status >= 200 && answer.status < 300) {
          counts[what] += 1;
          await answer.arrayBuffer();
        }
        else failures.push(`${what} ${answer.status} ${await answer.text()}`);
      };
      const loops = [
        async () => {
          for (let i = 0; Date.now() < until; i++) {
            const token = formTokenFor(server.dataDir);
            await expectOk('checkout', fetch(`${server.url}/api/checkout`, json({ planId: 'business', customerName: `Soak ${i}`, customerEmail: `soak${i}@example.com` })));
            await expectOk('contact', fetch(`${server.url}/api/contact`, json({ name: `Soak ${i}`, email: `soak${i}@example.com`, message: 'Soak test message', formToken: token })));
            await expectOk('support', fetch(`${server.url}/api/support`, json({ name: `Soak ${i}`, email: `soak${i}@example.com`, subject: 'Soak', message: 'Soak test ticket', priority: 'low', category: 'general', formToken: token })));
          }
        },
        async () => {
          let sandbox = await sandboxHeaders();
          for (let i = 0; Date.now() < until; i++) {
            if (i > 0 && i % ROUNDS_PER_KEY === 0) sandbox = await sandboxHeaders();
            await expectOk('sandbox', fetch(`${server.url}${SANDBOX_BASE_PATH}/banking/accounts`, { headers: sandbox }));
            await expectOk('sandbox', fetch(`${server.url}${SANDBOX_BASE_PATH}/banking/payments`, { method: 'POST', headers: sandbox, body: JSON.stringify({ amount: 10 + i, currency: 'USD', payment_method: 'card', customer: 'soak@example.com', description: `Soak ${i}` }) }));
          }
        },
        async () => {
          while (Date.now() < until) {
            const client = new Client({ name: 'soak', version: '1.0.0' });
            await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
            const result = await client.callTool({ name: 'search_docs', arguments: { query: 'webhook signature' } });
            if (result.isError) failures.push('mcp search_docs error');
            else counts.mcp += 1;
            await client.close();
          }
        },
      ];
      await Promise.all(loops.map((loop) => loop()));
      console.log(`Node ${process.version}, ${SOAK_SECONDS} s of traffic, answered: ${JSON.stringify(counts)}`);
      expect(failures.slice(0, 5)).toEqual([]);
      for (const [what, n] of Object.entries(counts)) expect([what, n > 0]).toEqual([what, true]);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      const code = await server.stop();
      expect([code, server.output()]).toEqual([0, expect.not.stringMatching(ABORT)]);
    }
  }, (SOAK_SECONDS + 60) * 1000);
});
