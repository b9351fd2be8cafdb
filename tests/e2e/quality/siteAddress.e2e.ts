/**
 * The site's address is the operator's: a build made with SITE_URL names that origin in every
 * place a page or file states an absolute address (sitemap, canonical links, social cards,
 * feeds, llms.txt, the Markdown copies, robots.txt, code samples, the served OpenAPI document)
 * and nowhere the address that used to be written in the source. Builds its own copy of the
 * site (about a minute) into a temporary folder, then serves it with the production server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from 'cheerio';
import fg from 'fast-glob';
import { parse } from 'yaml';
import { renderOpenApiJson, renderOpenApiYaml } from '../../../src/data/apiReference/openapiYaml';
import { TYPED_CLIENT_FILE } from '../../../src/data/apiReference/public';
import { writeTypedClient } from '../../_services/typedClient';
import { ROOT, startServer, type RunningServer } from '../_lib/server';

const SITE_URL = 'https://docs.acme.test';
/** The site's and the API's address as the source used to write them. */
const FORBIDDEN = /https?:\/\/(api\.)?ledgerline\.example\.com/;

describe(`a build with SITE_URL=${SITE_URL}`, () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-site-address-'));
  let server: RunningServer;
  const get = async (route: string) => {
    const res = await fetch(`${server.url}${route}`);
    expect([route, res.status]).toEqual([route, 200]);
    return res.text();
  };

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, SITE_URL };
    delete env.API_BASE_URL;
    // As `npm run build` does: the typed client first (built, not committed; rewritten only when it changed).
    writeTypedClient(path.join(ROOT, TYPED_CLIENT_FILE));
    const build = spawnSync('npx', ['docusaurus', 'build', '--out-dir', outDir], { cwd: ROOT, env, encoding: 'utf8', timeout: 9 * 60_000 });
    if (build.status !== 0) throw new Error(`build failed (${build.status}):\n${build.stdout.slice(-2000)}\n${build.stderr.slice(-2000)}`);
    server = await startServer({ env: { BUILD_DIR: outDir, SITE_URL } });
  }, 10 * 60_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  it('names it in the sitemap and robots.txt', async () => {
    const sitemap = await get('/sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(10);
    expect(locs.filter((l) => !l.startsWith(`${SITE_URL}/`) && l !== SITE_URL)).toEqual([]);
    expect(await get('/robots.txt')).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it.each(['/documentation/webhooks', '/api-docs/business', '/blog/webhook-best-practices'])('names it in the canonical link and social card of %s', async (route) => {
    const $ = load(await get(route));
    expect($('link[rel="canonical"]').attr('href')).toBe(`${SITE_URL}${route}`);
    expect($('meta[property="og:url"]').attr('content')).toBe(`${SITE_URL}${route}`);
    expect($('meta[property="og:image"]').attr('content')).toMatch(new RegExp(`^${SITE_URL}/img/`));
  });

  it('names it in the canonical link of a plan page rendered from the URL', async () => {
    const $ = load(await get('/api-docs/unknown-plan'));
    expect($('link[rel="canonical"]').attr('href')).toBe(`${SITE_URL}/api-docs/starter`);
  });

  it('names it in llms.txt and the Markdown copies', async () => {
    const index = await get('/llms.txt');
    expect(index).toContain(`${SITE_URL}/openapi/v1.yaml`);
    expect(index).toContain(`(${SITE_URL}/documentation/webhooks.md)`);
    expect(await get('/documentation/webhooks.md')).toContain(`Source: ${SITE_URL}/documentation/webhooks`);
  });

  it('names it in the RSS and Atom feeds, with the blog samples addressed to its API', async () => {
    const rss = await get('/blog/rss.xml');
    expect(rss).toContain(`<link>${SITE_URL}/blog</link>`);
    expect(rss).toContain(`${SITE_URL}/v1`);
    expect(await get('/blog/atom.xml')).toContain(`href="${SITE_URL}/blog"`);
  });

  it('addresses the code samples and the served OpenAPI document to SITE_URL/v1', async () => {
    expect(await get('/api-docs')).toContain(`${SITE_URL}/v1/banking/accounts`);
    expect(await get('/api-docs.md')).toContain(`curl "${SITE_URL}/v1/banking/accounts"`);
    const doc = parse(await get('/openapi/v1.yaml')) as { servers: { url: string }[]; info: { contact: { url: string } } };
    expect(doc.servers.map((s) => s.url)).toEqual([`${SITE_URL}/v1`, '/sandbox/v1']);
    expect(doc.info.contact.url).toBe(`${SITE_URL}/support`);
    // The JSON copy is the same document, rendered for the same addresses.
    expect(JSON.parse(await get('/openapi/v1.json'))).toEqual(doc);
  });

  it('serves the OpenAPI document and the typed client exactly as their sources render them (nothing committed)', async () => {
    const addresses = { siteUrl: SITE_URL, apiBaseUrl: `${SITE_URL}/v1` };
    expect(await get('/openapi/v1.yaml')).toBe(renderOpenApiYaml(addresses));
    expect(await get('/openapi/v1.json')).toBe(renderOpenApiJson(addresses));
    const client = path.join(outDir, '..', `${path.basename(outDir)}-client.ts`);
    try {
      writeTypedClient(client);
      expect(await get('/client/ledgerline.ts')).toBe(fs.readFileSync(client, 'utf8'));
    } finally {
      fs.rmSync(client, { force: true });
    }
  }, 60_000);

  it('leaves no other address of the site anywhere in the build', () => {
    const files = fg.sync('**/*.{html,xml,txt,md,yaml,json,js}', { cwd: outDir });
    expect(files.length).toBeGreaterThan(50);
    const hits = files.filter((f) => FORBIDDEN.test(fs.readFileSync(path.join(outDir, f), 'utf8')));
    expect(hits).toEqual([]);
  });
});
