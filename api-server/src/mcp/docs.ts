import fs from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import type { BuiltSite } from '../http/site';

/**
 * The pages an assistant may search and read: the Markdown copies the build writes beside the
 * docs, reference and blog pages (src/plugins/llmsTxt.ts), read once at start-up. Only pages the
 * site serves are indexed, so every result's url answers 200.
 */
export interface DocPage {
  /** The page's route, e.g. `/documentation/webhooks`. */
  path: string;
  title: string;
  markdown: string;
}

export interface DocHit {
  title: string;
  url: string;
  snippet: string;
}

const SNIPPET_CHARS = 240;

/** The copy's own header (`# Title`, `Source: …`) is not text to match or quote. */
const bodyOf = (markdown: string) => markdown.replace(/^# .*\n+(?:Source: .*\n+)?/, '');

/** A page as plain text to quote from, and lower-cased to find the terms in. */
interface PlainText {
  text: string;
  lower: string;
}

function plainText(markdown: string): PlainText {
  const text = bodyOf(markdown).replace(/```[\s\S]*?```/g, ' ').replace(/[#*_`>|[\]]+/g, ' ').replace(/\(https?:[^)]*\)/g, '').replace(/\s+/g, ' ').trim();
  return { text, lower: text.toLowerCase() };
}

function snippet({ text, lower }: PlainText, terms: readonly string[]): string {
  const at = Math.min(...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  const start = at === Number.MAX_SAFE_INTEGER ? 0 : Math.max(0, at - 60);
  const cut = text.slice(start, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

export class DocsIndex {
  private readonly byPath = new Map<string, DocPage>();
  /**
   * Each page's plain text, made at its first hit: making it for every hit was three quarters of
   * a search_docs call's CPU (the API reference pages are tens of kB). ~1 MB for the whole site.
   */
  private readonly plain = new Map<string, PlainText>();
  private readonly search = new MiniSearch<DocPage>({
    idField: 'path',
    fields: ['title', 'text'],
    extractField: (doc, field) => (field === 'text' ? bodyOf(doc.markdown) : String(doc[field as keyof DocPage])),
    searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });

  constructor(
    pages: readonly DocPage[],
    /** Public origin of the site, for absolute result URLs (SITE_URL). */
    private readonly origin: string,
  ) {
    for (const page of pages) this.byPath.set(page.path, page);
    this.search.addAll([...this.byPath.values()]);
  }

  /** Every HTML page of the build that has a Markdown copy beside it. */
  static fromSite(site: BuiltSite | undefined, origin: string): DocsIndex {
    const pages: DocPage[] = [];
    for (const route of site?.pages.keys() ?? []) {
      if (route === '/') continue;
      const file = path.join(site!.dir, `${route}.md`);
      if (!fs.existsSync(file)) continue;
      const markdown = fs.readFileSync(file, 'utf8');
      pages.push({ path: route, title: /^# (.*)$/m.exec(markdown)?.[1]?.trim() ?? route, markdown });
    }
    return new DocsIndex(pages, origin);
  }

  get size(): number {
    return this.byPath.size;
  }

  find(query: string, limit: number): DocHit[] {
    let hits = this.search.search(query);
    // Every word must match first; when nothing does, any of them will do.
    if (!hits.length) hits = this.search.search(query, { combineWith: 'OR' });
    return hits.slice(0, limit).map((hit) => {
      const page = this.byPath.get(hit.id as string)!;
      let plain = this.plain.get(page.path);
      if (!plain) this.plain.set(page.path, (plain = plainText(page.markdown)));
      return { title: page.title, url: `${this.origin}${page.path}`, snippet: snippet(plain, hit.terms) };
    });
  }

  /** A page by its route, its address on this site, or its `.md` copy's address. */
  read(where: string): DocPage | undefined {
    let route = where.trim();
    if (route.startsWith(this.origin)) route = route.slice(this.origin.length);
    route = route.replace(/[?#].*$/, '').replace(/\.md$/, '').replace(/\/+$/, '');
    return this.byPath.get(route.startsWith('/') ? route : `/${route}`);
  }
}
