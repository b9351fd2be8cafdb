/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { OPENAPI_JSON_URL_PUBLIC, OPENAPI_URL_PUBLIC } from '@site/src/data/apiReference/public';
import { renderOpenApiJson, renderOpenApiYaml } from '@site/src/data/apiReference/openapiYaml';
import siteAddressFilesPlugin, { type DevApp } from '@site/src/plugins/siteAddressFiles';

/**
 * The OpenAPI document is produced in one place, src/plugins/siteAddressFiles.ts, for the site's
 * own addresses: written into the build, and served by `npm run dev`. Nothing is committed.
 */
const addresses = { siteUrl: 'https://docs.acme.test', apiBaseUrl: 'https://api.acme.test/v1' };
const plugin = (): Plugin =>
  siteAddressFilesPlugin({ siteConfig: { url: `${addresses.siteUrl}/`, customFields: { apiBaseUrl: addresses.apiBaseUrl } } } as unknown as LoadContext) as Plugin;

it('writes the document rendered for the build\'s addresses into the build', async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'site-address-files-'));
  try {
    await plugin().postBuild!({ outDir } as Parameters<NonNullable<Plugin['postBuild']>>[0]);
    expect(readFileSync(join(outDir, OPENAPI_URL_PUBLIC), 'utf8')).toBe(renderOpenApiYaml(addresses));
    expect(readFileSync(join(outDir, OPENAPI_JSON_URL_PUBLIC), 'utf8')).toBe(renderOpenApiJson(addresses));
    expect(readFileSync(join(outDir, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${addresses.siteUrl}/sitemap.xml`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

it('serves the same rendering from the dev server, beside Docusaurus\'s own middlewares', () => {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'development';
  try {
    const webpack = (plugin().configureWebpack as (config: object, isServer: boolean) => { devServer?: { setupMiddlewares: (m: unknown[], s: { app: DevApp }) => unknown[] } })({}, false);
    const routes = new Map<string, { type: string; body: string }>();
    const app: DevApp = {
      get: (path, handler) => {
        const res = { type: (type: string) => ({ send: (body: string) => void routes.set(path, { type, body }) }) };
        handler({}, res);
      },
    };
    const docusaurusOwn = ['source-map'];
    // Docusaurus calls its setupMiddlewares and the plugins' on one list and joins what they return.
    const joined = [...docusaurusOwn, ...webpack.devServer!.setupMiddlewares(docusaurusOwn, { app })];
    expect(joined).toEqual(['source-map']);
    expect(routes.get(OPENAPI_URL_PUBLIC)).toEqual({ type: expect.stringContaining('yaml'), body: renderOpenApiYaml(addresses) });
    expect(routes.get(OPENAPI_JSON_URL_PUBLIC)).toEqual({ type: expect.stringContaining('json'), body: renderOpenApiJson(addresses) });
    expect((plugin().configureWebpack as (config: object, isServer: boolean) => object)({}, true)).toEqual({});
  } finally {
    process.env.NODE_ENV = previous;
  }
});
