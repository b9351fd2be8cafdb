/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LoadContext } from '@docusaurus/types';
import type { RequestHandler } from 'express';
import devProxyPlugin from '@site/src/plugins/devProxy';
import { SANDBOX_BASE_PATH } from '@site/src/data/sandbox';

/**
 * `npm run dev` serves what the built site serves: the plugin's proxy settings, handed to the
 * same proxy middleware webpack-dev-server builds from them, forward the server's paths to the
 * API server and leave the pages to Docusaurus.
 */
type ProxyItem = { context: unknown; target: string };

const ROOT = path.resolve(__dirname, '../../..');
// webpack-dev-server's own copy, the one `docusaurus start` uses.
const { createProxyMiddleware } = require(
  require.resolve('http-proxy-middleware', { paths: [path.dirname(require.resolve('webpack-dev-server/package.json', { paths: [ROOT] }))] }),
) as { createProxyMiddleware: (context: unknown, options: object) => RequestHandler };

const listen = (server: http.Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

let api: http.Server;
let dev: http.Server;
let devUrl: string;

beforeAll(async () => {
  api = http.createServer((req, res) => res.end(`api:${req.url}`));
  const apiPort = await listen(api);
  const saved = process.env.API_PORT;
  process.env.API_PORT = String(apiPort);
  const plugin = devProxyPlugin({} as LoadContext);
  const webpackConfig = plugin.configureWebpack?.({}, false, {} as never, {} as never) as { devServer: { proxy: ProxyItem[] } };
  process.env.API_PORT = saved;
  const item = webpackConfig.devServer.proxy[0];
  if (!item) throw new Error('the plugin sets no proxy in development');
  // As webpack-dev-server does (its log aside): createProxyMiddleware(context, { ...item, ws: false }).
  const proxy = createProxyMiddleware(item.context, { ...item, ws: false, logLevel: 'silent' });
  dev = http.createServer((req, res) => {
    void proxy(req as never, res as never, () => res.end(`site:${req.url}`));
  });
  devUrl = `http://127.0.0.1:${await listen(dev)}`;
});

afterAll(async () => {
  await new Promise((r) => dev.close(r));
  await new Promise((r) => api.close(r));
});

const answer = async (p: string): Promise<string> => (await fetch(`${devUrl}${p}`)).text();

it('forwards the sandbox, so "Try it" reaches it in npm run dev', async () => {
  expect(await answer(`${SANDBOX_BASE_PATH}/banking/accounts?limit=2`)).toBe(`api:${SANDBOX_BASE_PATH}/banking/accounts?limit=2`);
});

// What the production server answers besides the site (api-server/src/app.ts), and the
// operators' and agents' paths it is getting.
it.each(['/api', SANDBOX_BASE_PATH, '/healthz', '/readyz', '/metrics', '/mcp'])('forwards %s and what is below it', async (p) => {
  expect(await answer(p)).toBe(`api:${p}`);
  expect(await answer(`${p}/x`)).toBe(`api:${p}/x`);
});

it.each(['/', '/documentation', '/api-docs/starter', '/apiary', '/sandbox', '/assets/js/main.js'])('leaves the page %s to Docusaurus', async (p) => {
  expect(await answer(p)).toBe(`site:${p}`);
});
