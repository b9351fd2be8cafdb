/** Shared set-up of the MCP suites: the app listening on a free port, a small built site, SDK clients. */
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { loadBuiltSite } from '../../../api-server/src/http/site';
import { createTestApp, type TestApp } from '../_lib/testApp';

/**
 * Pages as the build writes them (src/plugins/llmsTxt.ts): an HTML page, and beside it its
 * Markdown copy opening with `# Title` and `Source:`. One of each kind assistants search.
 */
export const PAGES = [
  { route: '/documentation/webhooks', title: 'Webhooks', text: 'Each delivery carries a timestamp and an HMAC-SHA256 signature of the raw body. Verify signatures before trusting an event.' },
  { route: '/api-docs', title: 'API reference', text: 'Every v1 endpoint: banking accounts, transactions, payments and Xero invoices, with the plans that may call them.' },
  { route: '/blog/rate-limits-and-plans', title: 'Rate limits and quotas', text: 'Handle 429 answers with exponential backoff and read the Retry-After header.' },
] as const;

export const markdownOf = (p: (typeof PAGES)[number], origin: string) => `# ${p.title}\n\nSource: ${origin}${p.route}\n\n${p.text}\n`;

function writeSite(origin: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-site-'));
  const html = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1></main></body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), html('Home'));
  for (const p of PAGES) {
    const file = path.join(dir, `${p.route}.html`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html(p.title));
    fs.writeFileSync(path.join(dir, `${p.route}.md`), markdownOf(p, origin));
  }
  // A page without a copy is not offered: only what the build made readable is.
  fs.mkdirSync(path.join(dir, 'support'));
  fs.writeFileSync(path.join(dir, 'support', 'index.html'), html('Support'));
  return dir;
}

export interface McpTestApp extends TestApp {
  url: URL;
  server: Server;
  siteDir: string;
}

export async function startMcpApp(env: Record<string, string> = {}): Promise<McpTestApp> {
  const siteUrl = 'http://docs.test.localhost';
  const siteDir = writeSite(siteUrl);
  const t = await createTestApp({ SITE_URL: siteUrl, ...env }, { site: loadBuiltSite(siteDir) });
  const server = await new Promise<Server>((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...t,
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    server,
    siteDir,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(siteDir, { recursive: true, force: true });
      await t.close();
    },
  };
}

export async function connect(url: URL): Promise<Client> {
  const client = new Client({ name: 'ledgerline-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

export interface ToolAnswer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text: string }[];
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  return (await client.callTool({ name, arguments: args })) as ToolAnswer;
}
