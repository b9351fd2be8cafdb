import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { OPENAPI_JSON_URL_PUBLIC, OPENAPI_URL_PUBLIC } from '../data/apiReference/public';
import { renderOpenApiJson, renderOpenApiYaml } from '../data/apiReference/openapiYaml';
import { addressesOfSiteConfig } from '../domain/siteAddress';

/**
 * The build's files that name the site's address besides its pages: robots.txt (the sitemap's
 * absolute URL) and the served OpenAPI document, YAML and JSON (the Production server and every code sample).
 * static/openapi/v1.yaml stays the committed copy for an unconfigured install; this one replaces
 * it in the build, rendered for this build's SITE_URL and API_BASE_URL.
 */
export default function siteAddressFilesPlugin(context: LoadContext): Plugin {
  return {
    name: 'site-address-files',
    async postBuild({ outDir }) {
      const addresses = addressesOfSiteConfig(context.siteConfig);
      const openapi = join(outDir, OPENAPI_URL_PUBLIC);
      mkdirSync(dirname(openapi), { recursive: true });
      writeFileSync(openapi, renderOpenApiYaml(addresses));
      writeFileSync(join(outDir, OPENAPI_JSON_URL_PUBLIC), renderOpenApiJson(addresses));
      writeFileSync(
        join(outDir, 'robots.txt'),
        [
          '# Every page may be crawled. The white-label admin answers 401 without credentials, so no',
          '# crawler ever sees it; /success says nothing private. Neither is listed in the sitemap.',
          'User-agent: *',
          'Allow: /',
          '',
          `Sitemap: ${addresses.siteUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
    },
  };
}
