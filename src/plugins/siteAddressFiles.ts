import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { API_VERSION_NAMES, openApiUrls } from '../data/apiVersioning';
import { renderOpenApiJson, renderOpenApiYaml } from '../data/apiReference/openapiYaml';
import { addressesOfSiteConfig, type SiteAddresses } from '../domain/siteAddress';

/** What the dev server's Express app offers this plugin. */
export interface DevApp {
  get(path: string, handler: (req: unknown, res: { type: (t: string) => { send: (body: string) => void } }) => void): void;
}

/** The served OpenAPI documents, one per API version, YAML and JSON, by public path. */
export function openApiFiles(addresses: SiteAddresses): Record<string, { type: string; text: string }> {
  return Object.fromEntries(
    API_VERSION_NAMES.flatMap((version) => [
      [openApiUrls(version).yaml, { type: 'application/yaml; charset=utf-8', text: renderOpenApiYaml(addresses, version) }],
      [openApiUrls(version).json, { type: 'application/json; charset=utf-8', text: renderOpenApiJson(addresses, version) }],
    ]),
  );
}

/**
 * The build's files that name the site's address besides its pages: robots.txt (the sitemap's
 * absolute URL) and each version's OpenAPI document, YAML and JSON (the Production server and every code
 * sample), rendered for this build's SITE_URL and API_BASE_URL. This is the one place the
 * document is produced: nothing is committed, and `npm run dev` serves the same rendering.
 */
export default function siteAddressFilesPlugin(context: LoadContext): Plugin {
  const addresses = () => addressesOfSiteConfig(context.siteConfig);
  return {
    name: 'site-address-files',
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV === 'production') return {};
      const devServer = {
        // Docusaurus merges this with its own setupMiddlewares by calling both on the same list and
        // joining what they return: the routes go on the dev server's app, and nothing is returned.
        setupMiddlewares(_middlewares: unknown[], server: { app?: DevApp }): unknown[] {
          for (const [path, file] of Object.entries(openApiFiles(addresses()))) {
            server.app?.get(path, (_req, res) => res.type(file.type).send(file.text));
          }
          return [];
        },
      };
      // webpack's Configuration type lacks devServer unless webpack-dev-server's typings load.
      return { devServer } as object;
    },
    async postBuild({ outDir }) {
      for (const [path, file] of Object.entries(openApiFiles(addresses()))) {
        mkdirSync(dirname(join(outDir, path)), { recursive: true });
        writeFileSync(join(outDir, path), file.text);
      }
      writeFileSync(
        join(outDir, 'robots.txt'),
        [
          '# Every page may be crawled. The white-label admin answers 401 without credentials, so no',
          '# crawler ever sees it; /success says nothing private. Neither is listed in the sitemap.',
          'User-agent: *',
          'Allow: /',
          '',
          `Sitemap: ${addresses().siteUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    },
  };
}
