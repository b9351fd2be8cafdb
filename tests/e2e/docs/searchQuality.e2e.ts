/**
 * The search test set (tests/search/queries.ts) against the index the build wrote, with the same
 * engine the browser runs (src/lib/search/engine.ts), in Node: no browser, no network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createEngine } from '@site/src/lib/search/engine';
import { joinIndex, type SearchTextsFile, type SearchTitlesFile } from '@site/src/lib/search/types';
import { ROOT } from '../_lib/server';
import { baselineRanker, evaluate } from '../../search/evaluate';
import { SEARCH_QUESTIONS } from '../../search/queries';

const BUILD = path.join(ROOT, 'build');
const read = <T,>(file: string): T => JSON.parse(fs.readFileSync(path.join(BUILD, file), 'utf8')) as T;
const index = { docs: joinIndex(read<SearchTitlesFile>('search-titles.json'), read<SearchTextsFile>('search-texts.json')) };
const engine = createEngine(index.docs);
// As many results as the search box shows.
const ours = (query: string): string[] => engine.search(query).map((h) => h.url);

describe('search test set', () => {
  it('has at least 40 questions, each pointing at sections that exist', () => {
    expect(SEARCH_QUESTIONS.length).toBeGreaterThanOrEqual(40);
    const urls = new Set(index.docs.map((d) => d.url));
    expect(SEARCH_QUESTIONS.flatMap((q) => q.expect).filter((u) => !urls.has(u))).toEqual([]);
  });

  it.each(SEARCH_QUESTIONS.map((q) => [q.query, q.expect] as const))('"%s" finds its page in the top three', (query, expect_) => {
    const top3 = ours(query).slice(0, 3);
    expect({ query, top3, found: top3.some((u) => expect_.includes(u)) }).toEqual({ query, top3, found: true });
  });

  it('beats an untuned MiniSearch over the same sections on hit@1, hit@3 and MRR', () => {
    const mine = evaluate(ours, SEARCH_QUESTIONS);
    const base = evaluate(baselineRanker(index.docs), SEARCH_QUESTIONS);
    expect(mine.hit1).toBeGreaterThan(base.hit1);
    expect(mine.hit3).toBeGreaterThan(base.hit3);
    expect(mine.mrr).toBeGreaterThan(base.mrr);
  });
});

describe('search results', () => {
  it.each(['rate limit', 'sandbox', 'retry', 'webhook', 'create payment'])('"%s": no URL twice, titled "Page › Section"', (query) => {
    const hits = engine.search(query);
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.url)).size).toBe(hits.length);
    for (const h of hits) expect(h.title).toBe(h.section ? `${h.page} › ${h.section}` : h.page);
  });

  it('the main reference answers an endpoint question, a plan reference when the plan is named', () => {
    expect(engine.search('create bank account')[0]!.url).toBe('/api-docs#createBankAccount');
    expect(engine.search('enterprise create bank account')[0]!.url).toBe('/api-docs/enterprise#enterprise-createBankAccount');
  });
});

describe('search index', () => {
  const indexed = new Set(index.docs.map((d) => d.url.split('#')[0]));

  it('holds every page of the sitemap', () => {
    const sitemap = fs.readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.replace(/(.)\/$/, '$1'));
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((p) => !indexed.has(p))).toEqual([]);
  });

  it('holds the landing page plans and prices and the three per-plan references', () => {
    const text = (url: string) => index.docs.find((d) => d.url === url)?.text ?? '';
    for (const plan of ['starter', 'business', 'enterprise']) {
      expect(indexed.has(`/api-docs/${plan}`)).toBe(true);
      expect(text(`/#plan-${plan}`)).toMatch(/\$\d+\/month/);
    }
  });

  it('is small enough to load on a slow phone connection', () => {
    // Slow 4G moves ~200 kB/s: the titles (first results) must arrive in one round trip or two,
    // the whole index in a fraction of a second.
    const br = (file: string) => fs.statSync(path.join(BUILD, `${file}.br`)).size;
    expect(br('search-titles.json')).toBeLessThan(12_000);
    expect(br('search-titles.json') + br('search-texts.json')).toBeLessThan(60_000);
  });

  it('copies of a section point at the one that holds the text', () => {
    for (const d of index.docs.filter((x) => x.sameAs !== undefined)) {
      expect(d.text).toBe('');
      expect(index.docs[d.sameAs!]!.section).toBe(d.section);
      expect(index.docs[d.sameAs!]!.text).not.toBe('');
    }
  });
});
