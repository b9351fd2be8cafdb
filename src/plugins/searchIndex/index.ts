import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { SEARCH_INDEX_PATH, type SearchDoc, type SearchIndexFile } from '../../lib/search/types';
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
  return docs
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
    .map(({ d }, id) => ({ id, ...d }));
}

/**
 * After the build, splits every built page into sections (heading plus body, see
 * src/plugins/searchIndex/extract.ts) and writes them to /search-index.json with Brotli and gzip
 * copies: the search box (src/theme/SearchBar) loads it when it is first opened and indexes it in
 * the browser. Reading the built HTML indexes what readers see, the landing page's plans and the
 * per-plan references included, whatever component renders it.
 */
export default function searchIndexPlugin(context: LoadContext): Plugin {
  return {
    name: 'search-index',
    async postBuild({ outDir, routesPaths }) {
      const file: SearchIndexFile = { version: 1, docs: buildSearchDocs(outDir, indexedRoutes(routesPaths), context.siteConfig.title) };
      const raw = Buffer.from(JSON.stringify(file));
      const target = join(outDir, SEARCH_INDEX_PATH);
      writeFileSync(target, raw);
      writeFileSync(`${target}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
      writeFileSync(`${target}.gz`, zlib.gzipSync(raw, { level: 9 }));
    },
  };
}
