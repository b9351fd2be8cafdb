import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { SEARCH_TEXTS_PATH, SEARCH_TITLES_PATH, type SearchDoc, type SearchTextsFile, type SearchTitlesFile } from '../../lib/search/types';
import { extractSections, kindOf } from './extract';

/** Routes that are not pages a reader searches for: the fallback of unknown plans, checkout's end, the admin tool. */
const NOT_INDEXED = [/:/, /^\/success$/, /^\/white-label$/, /^\/404$/];
/** Lists whose bodies repeat the posts: indexed by title and description only. */
const LIST_ONLY = /^\/blog(\/tags(\/.*)?|\/archive|\/authors|\/page\/\d+)?$/;
/** Order of the index: on a tie (an endpoint card shown on several pages) the first one wins. */
const ORDER = ['api', 'docs', 'blog', 'site'];

function htmlFile(outDir: string, route: string): string | null {
  for (const candidate of route === '/' ? ['index.html'] : [`${route}.html`, `${route}/index.html`]) {
    const file = join(outDir, candidate);
    if (existsSync(file)) return file;
  }
  return null;
}

export function indexedRoutes(routesPaths: readonly string[]): string[] {
  return [...new Set(routesPaths)].filter((r) => !NOT_INDEXED.some((re) => re.test(r))).sort();
}

/** Sections of every built page, in index order, numbered. */
export function buildSearchDocs(outDir: string, routes: readonly string[], siteName: string): SearchDoc[] {
  const docs: Omit<SearchDoc, 'id'>[] = [];
  for (const route of routes) {
    const file = htmlFile(outDir, route);
    if (!file) continue;
    docs.push(...extractSections(readFileSync(file, 'utf8'), route, { siteName, listOnly: LIST_ONLY.test(route) }));
  }
  // Within a kind the main reference comes before the per-plan copies.
  const rank = (d: Omit<SearchDoc, 'id'>) => ORDER.indexOf(kindOf(d.url.split('#')[0]!)) * 2 + (/^\/api-docs\/[a-z]/.test(d.url) ? 1 : 0);
  const ordered = docs
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
    .map(({ d }, id) => ({ id, ...d }));
  return withoutRepeatedBodies(ordered);
}

/** Endpoint cards ("POST /webhooks Create a webhook") and event sections ("payment.failed"). */
const REPEATED = /^((GET|POST|PUT|PATCH|DELETE) \/|[a-z_]+(\.[a-z_]+)+$)/;

/**
 * The per-plan references and some guides repeat the main reference's endpoint cards and event
 * sections. Their copies keep title and headings (a query naming the plan still finds them) and
 * point at the main copy's text (`sameAs`) instead of carrying it: the index loads and builds in
 * about half the time on a phone.
 */
function withoutRepeatedBodies(docs: SearchDoc[]): SearchDoc[] {
  const main = new Map<string, SearchDoc>();
  for (const d of docs) if (REPEATED.test(d.section) && /^\/api-docs#/.test(d.url)) main.set(d.section, d);
  return docs.map((d) => {
    const original = REPEATED.test(d.section) && !/^\/api-docs#/.test(d.url) ? main.get(d.section) : undefined;
    return original ? { ...d, text: '', sameAs: original.id } : d;
  });
}

/** Writes a JSON file with its Brotli and gzip copies (the server sends those as they are). */
function write(target: string, value: unknown): void {
  const raw = Buffer.from(JSON.stringify(value));
  writeFileSync(target, raw);
  writeFileSync(`${target}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
  writeFileSync(`${target}.gz`, zlib.gzipSync(raw, { level: 9 }));
}

/**
 * After the build, splits every built page into sections (heading plus body, see
 * src/plugins/searchIndex/extract.ts) and writes them in two files (see SearchTitlesFile): the
 * search box (src/theme/SearchBar) loads them when it is first opened and indexes them in the
 * browser, answering from the titles while the texts still load. Reading the built HTML indexes what readers see, the landing page's plans and the
 * per-plan references included, whatever component renders it.
 */
export default function searchIndexPlugin(context: LoadContext): Plugin {
  return {
    name: 'search-index',
    async postBuild({ outDir, routesPaths }) {
      const docs = buildSearchDocs(outDir, indexedRoutes(routesPaths), context.siteConfig.title);
      const titles: SearchTitlesFile = { version: 1, docs: docs.map(({ text: _text, ...rest }) => rest) };
      const texts: SearchTextsFile = { version: 1, texts: docs.map((d) => d.text) };
      write(join(outDir, SEARCH_TITLES_PATH), titles);
      write(join(outDir, SEARCH_TEXTS_PATH), texts);
    },
  };
}
