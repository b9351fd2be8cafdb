/**
 * @jest-environment node
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { API_VERSION_NAMES, openApiUrls } from '@site/src/data/apiVersioning';
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
    for (const version of API_VERSION_NAMES) {
      expect(readFileSync(join(outDir, openApiUrls(version).yaml), 'utf8')).toBe(renderOpenApiYaml(addresses, version));
      expect(readFileSync(join(outDir, openApiUrls(version).json), 'utf8')).toBe(renderOpenApiJson(addresses, version));
      expect(JSON.parse(readFileSync(join(outDir, openApiUrls(version).json), 'utf8')).info.version).toBe(version);
    }
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
    for (const version of API_VERSION_NAMES) {
      expect(routes.get(openApiUrls(version).yaml)).toEqual({ type: expect.stringContaining('yaml'), body: renderOpenApiYaml(addresses, version) });
      expect(routes.get(openApiUrls(version).json)).toEqual({ type: expect.stringContaining('json'), body: renderOpenApiJson(addresses, version) });
    }
    expect((plugin().configureWebpack as (config: object, isServer: boolean) => object)({}, true)).toEqual({});
  } finally {
    process.env.NODE_ENV = previous;
  }
});
