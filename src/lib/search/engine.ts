import MiniSearch, { type SearchResult as MiniResult } from 'minisearch';
import { SEARCH_SYNONYMS } from '../../data/searchSynonyms';
import { STOP_WORDS, stem, words } from './text';
import type { SearchDoc, SearchKind } from './types';

export interface SearchHit {
  url: string;
  kind: SearchKind;
  /** "Page › Section", or the page title for a page's opening. */
  title: string;
  page: string;
  section: string;
  /** Text around the first matched word. */
  snippet: string;
  /** Words of the document that matched, for marking. */
  terms: string[];
  score: number;
}

/**
 * Field weights: a section whose heading says what was asked beats one that mentions it. `title`
 * is what the result is titled by (the section heading, or the page title for a page's opening);
 * `page` gives every section its page's context, weakly, so that one post's title does not lift
 * all its sections above the section that answers.
 */
const BOOST = { title: 3, headings: 1.5, page: 0.5, text: 1 };
/** Weight of a blog section next to a docs or reference section that matches as well. */
const BLOG_WEIGHT = 0.8;
/** The computed API changelog (docs/guide/changelog.mdx). */
const CHANGELOG_PATH = '/documentation/changelog';
/** Weight of a synonym next to a word typed. */
const SYNONYM_WEIGHT = 0.5;
const SNIPPET_CHARS = 160;
/** Sections of one page among the results, so that one long post does not fill the list. */
const MAX_PER_PAGE = 2;

/** Section titles of endpoint cards ("POST /webhooks Create a webhook"). */
const ENDPOINT = /^(GET|POST|PUT|PATCH|DELETE) \//;

/** Phrases (as stemmed words) of each synonym group, matched against the query's words. */
const SYNONYM_GROUPS = SEARCH_SYNONYMS.map((group) => group.map((phrase) => words(phrase).map(stem)));

function indexTerm(term: string): string | null {
  const t = term.toLowerCase();
  return STOP_WORDS.has(t) ? null : stem(t);
}

/** Edit distance allowed for a query word: two typos from eight letters ("authentification"). */
function fuzziness(term: string): number {
  if (term.length < 4 || /\d/.test(term)) return 0;
  if (term.length < 6) return 1;
  if (term.length < 8) return 2;
  return 3;
}

/** One concept of the query: the words typed for it (weight 1) and its synonyms (lower). */
interface Concept {
  terms: Map<string, number>;
}

/**
 * Splits a query into concepts: each meaningful word typed, except that a synonym phrase typed
 * ("test mode") is one concept, answered by any of its group's phrases ("sandbox").
 */
export function planQuery(query: string): Concept[] {
  const all = words(query);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)));
  const typed = (meaningful.length ? meaningful : all).map(stem);
  const concepts: (Concept | null)[] = typed.map((t) => ({ terms: new Map([[t, 1]]) }));
  const isLast = (i: number) => i === typed.length - 1;
  for (const phrases of SYNONYM_GROUPS) {
    for (const phrase of phrases) {
      // The last word may still be being typed: "test mo" is "test mode".
      const at = typed.findIndex((_, i) => phrase.every((w, j) => typed[i + j] === w || (isLast(i + j) && typed[i + j]!.length >= 3 && w.startsWith(typed[i + j]!))));
      if (at < 0) continue;
      const concept = concepts.slice(at, at + phrase.length).find((c) => c !== null) ?? { terms: new Map() };
      for (let j = 0; j < phrase.length; j += 1) {
        const other = concepts[at + j];
        if (other && other !== concept) for (const [t, w] of other.terms) concept.terms.set(t, Math.max(w, concept.terms.get(t) ?? 0));
        concepts[at + j] = null;
      }
      concepts[at] = concept;
      for (const p of phrases) if (p !== phrase) for (const w of p) if (!concept.terms.has(w) && !STOP_WORDS.has(w)) concept.terms.set(w, SYNONYM_WEIGHT);
    }
  }
  return concepts.filter((c): c is Concept => c !== null);
}

/**
 * How much a page's sections count before the words do. The per-plan references repeat the main
 * reference, so they give way to it unless the query names their plan ("enterprise limits").
 */
function prior(doc: SearchDoc, queryWords: Set<string>): number {
  // The docs and the reference are what the product promises; a post tells a story around them.
  if (doc.kind === 'blog') return BLOG_WEIGHT;
  // The API changelog is a record of changes, told in the diff tool's words: like a post, it
  // mentions much and answers little ("base url and headers" matched its entries).
  if (doc.url.startsWith(CHANGELOG_PATH)) return BLOG_WEIGHT;
  const plan = /^\/api-docs\/([a-z]+)/.exec(doc.url)?.[1];
  if (!plan) return 1;
  return queryWords.has(plan) ? 1.3 : 0.6;
}

function snippetOf(text: string, terms: string[]): string {
  const lower = text.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), Number.MAX_SAFE_INTEGER);
  if (at === Number.MAX_SAFE_INTEGER || at < SNIPPET_CHARS / 2) return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS).trimEnd()}…` : text;
  const start = text.lastIndexOf(' ', at - SNIPPET_CHARS / 3) + 1;
  const end = start + SNIPPET_CHARS;
  return `…${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

export interface SearchEngine {
  /** The best `limit` hits, best first. */
  search(query: string, limit?: number): SearchHit[];
}

/** Builds the site's search over the sections of the built pages (see src/plugins/searchIndex). */
export function createEngine(docs: readonly SearchDoc[]): SearchEngine {
  const byId = new Map(docs.map((d) => [d.id, d]));
  // Guide pages show endpoint cards of the reference; a hit on such a copy opens the reference's.
  const canonicalCard = new Map<string, SearchDoc>();
  for (const d of docs) if (ENDPOINT.test(d.section) && /^\/api-docs#/.test(d.url)) canonicalCard.set(d.section, d);
  const mini = new MiniSearch<SearchDoc>({
    fields: ['title', 'page', 'headings', 'text'],
    // extractField also reads the id field: everything but the title is read as it is.
    extractField: (doc, field) => (field === 'title' ? doc.section || doc.page : (doc as unknown as Record<string, string>)[field]!),
    tokenize: (text) => words(text),
    processTerm: indexTerm,
    // Queries arrive as processed words (planQuery): split only.
    searchOptions: { tokenize: (q) => q.split(' '), processTerm: (t) => t },
  });
  mini.addAll(docs as SearchDoc[]);

  return {
    search(query, limit = 8) {
      const concepts = planQuery(query);
      if (!concepts.length) return [];
      const conceptOf = new Map<string, number>();
      const weight = new Map<string, number>();
      concepts.forEach((c, i) => {
        for (const [t, w] of c.terms) {
          if ((weight.get(t) ?? 0) >= w) continue;
          conceptOf.set(t, i);
          weight.set(t, w);
        }
      });
      const queryWords = new Set(words(query));
      const lastTyped = words(query).map(stem).pop();
      const raw: MiniResult[] = mini.search([...weight.keys()].join(' '), {
        boost: BOOST,
        combineWith: 'OR',
        // Every word may be the start of a longer one ("sdk" for "SDKs"); the last one is still being typed.
        prefix: (term) => term.length >= 3 || term === lastTyped,
        fuzzy: (term) => fuzziness(term),
        boostTerm: (term) => weight.get(term) ?? 1,
      });
      const hits = raw.map((r) => {
        const doc = byId.get(r.id as number)!;
        // Reward documents that hold every concept asked: stray words still find something, but
        // a section with all of them ranks first, and more so when its title holds them.
        const covered = new Set<number>();
        for (const qt of r.queryTerms) {
          const c = conceptOf.get(qt);
          if (c !== undefined) covered.add(c);
        }
        const inTitle = new Set<number>();
        const inPage = new Set<number>();
        for (const [term, fields] of Object.entries(r.match)) {
          const own = fields.includes('title') || fields.includes('headings');
          if (!own && !fields.includes('page')) continue;
          for (const qt of r.queryTerms) {
            const c = conceptOf.get(qt);
            if (c === undefined || !term.startsWith(qt.slice(0, 3))) continue;
            (own ? inTitle : inPage).add(c);
          }
        }
        const coverage = covered.size / concepts.length;
        // The section's own heading counts fully, its page's title half: every section of a post
        // titled "webhook signatures" must not outrank the docs section "Verifying signatures".
        const pageOnly = [...inPage].filter((c) => !inTitle.has(c)).length;
        const titleCoverage = (inTitle.size + pageOnly / 2) / concepts.length;
        return { r, doc, score: r.score * coverage * coverage * (1 + titleCoverage) * prior(doc, queryWords) };
      });
      hits.sort((a, b) => b.score - a.score);
      const out: SearchHit[] = [];
      const seen = new Set<string>();
      const perPage = new Map<string, number>();
      for (const { r, score, ...found } of hits) {
        const isCard = ENDPOINT.test(found.doc.section);
        const doc = isCard && !/^\/api-docs\/[a-z]/.test(found.doc.url) ? (canonicalCard.get(found.doc.section) ?? found.doc) : found.doc;
        // An endpoint card shown on several pages is one answer: keep its best-placed copy.
        const key = isCard ? `card ${doc.section}` : doc.url;
        const page = doc.url.split('#')[0]!;
        if (seen.has(key) || seen.has(doc.url) || (perPage.get(page) ?? 0) >= MAX_PER_PAGE) continue;
        seen.add(key).add(doc.url);
        perPage.set(page, (perPage.get(page) ?? 0) + 1);
        out.push({
          url: doc.url,
          kind: doc.kind,
          title: doc.section ? `${doc.page} › ${doc.section}` : doc.page,
          page: doc.page,
          section: doc.section,
          snippet: snippetOf(doc.sameAs === undefined ? doc.text : (byId.get(doc.sameAs)?.text ?? ''), r.terms),
          terms: r.terms,
          score,
        });
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}

/**
 * Runs of hits of one kind, in rank order: the list shows a kind's label above each run, so
 * results read grouped without the best one moving down.
 */
export function groupByKind(hits: readonly SearchHit[]): { kind: SearchKind; hits: SearchHit[] }[] {
  const groups: { kind: SearchKind; hits: SearchHit[] }[] = [];
  for (const h of hits) {
    const last = groups[groups.length - 1];
    if (last?.kind === h.kind) last.hits.push(h);
    else groups.push({ kind: h.kind, hits: [h] });
  }
  return groups;
}
