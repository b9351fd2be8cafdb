/**
 * The site's public address (SITE_URL) and the documented v1 API's (API_BASE_URL). The build
 * writes them into the sitemap, canonical links, social cards, feeds, llms.txt, the Markdown
 * copies, the code samples and the served OpenAPI document; the server validates the same
 * variables at start-up, with these rules, so a bad value stops it before anything is served.
 */

/** Port `npm start` listens on when PORT is unset; the server's config and the defaults share it. */
export const DEFAULT_PORT = 3000;

export interface SiteAddresses {
  /** Origin without a trailing slash, e.g. `https://docs.example.com`. */
  siteUrl: string;
  /** Base of the v1 API without a trailing slash, e.g. `https://api.example.com/v1`. */
  apiBaseUrl: string;
}

function parsed(value: string): URL | undefined {
  if (/\s/.test(value)) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password && !url.search && !url.hash && !value.includes('?') && !value.includes('#')
      ? url
      : undefined;
  } catch {
    return undefined;
  }
}

// The site is served from the root of its origin (baseUrl '/'): a path would break every link.
export const SITE_URL_RULE = 'must be an http:// or https:// origin without a path, query or credentials, e.g. https://docs.example.com';
export const API_BASE_URL_RULE = 'must be an absolute http:// or https:// URL without a query or credentials, e.g. https://api.example.com/v1';

export function isSiteUrl(value: string): boolean {
  const url = parsed(value);
  return url !== undefined && url.pathname === '/';
}

export function isApiBaseUrl(value: string): boolean {
  return parsed(value) !== undefined;
}

/** The API's default address: the v1 path on the site's own origin. */
export function defaultApiBaseUrl(siteUrl: string): string {
  return `${siteUrl}/v1`;
}

type Env = Readonly<Record<string, string | undefined>>;
const given = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

/**
 * Reads SITE_URL, API_BASE_URL and PORT. Unset SITE_URL means the address `npm start` serves on
 * this machine, `http://localhost:PORT`: true for a laptop, and the links work there; anything
 * public sets SITE_URL. Throws naming each bad variable (validated like the server's config).
 */
export function resolveSiteAddresses(env: Env): SiteAddresses {
  const problems: string[] = [];
  const site = given(env.SITE_URL);
  const api = given(env.API_BASE_URL);
  const portText = given(env.PORT);
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (site !== undefined && !isSiteUrl(site)) problems.push(`SITE_URL: ${SITE_URL_RULE}`);
  if (api !== undefined && !isApiBaseUrl(api)) problems.push(`API_BASE_URL: ${API_BASE_URL_RULE}`);
  if (site === undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) problems.push('PORT: must be a port number (0-65535)');
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  // PORT=0 (any free port) has no address to name in advance: the default port stands in.
  const siteUrl = site === undefined ? `http://localhost:${port || DEFAULT_PORT}` : new URL(site).origin;
  return { siteUrl, apiBaseUrl: api === undefined ? defaultApiBaseUrl(siteUrl) : api.replace(/\/+$/, '') };
}

/** The addresses of an unconfigured install: what its OpenAPI document names. */
export const DEFAULT_SITE_ADDRESSES: SiteAddresses = resolveSiteAddresses({});

/** Docusaurus carries SITE_URL as the site's `url` and API_BASE_URL in `customFields.apiBaseUrl`. */
export function addressesOfSiteConfig(siteConfig: { url: string; customFields?: Record<string, unknown> }): SiteAddresses {
  const siteUrl = siteConfig.url.replace(/\/+$/, '');
  const apiBaseUrl = siteConfig.customFields?.apiBaseUrl;
  return { siteUrl, apiBaseUrl: typeof apiBaseUrl === 'string' ? apiBaseUrl : defaultApiBaseUrl(siteUrl) };
}
