import MiniSearch from 'minisearch';
import type { SearchDoc } from '@site/src/lib/search/types';
import type { SearchQuestion } from './queries';

/** Ranks URLs for a query, best first. */
export type Ranker = (query: string) => string[];

export interface Evaluation {
  hit1: number;
  hit3: number;
  mrr: number;
  /** Questions whose pages are not in the top three, with what came instead. */
  misses: { query: string; expect: readonly string[]; got: string[] }[];
}

/** hit@1, hit@3 and mean reciprocal rank (over the top ten) of a ranker on the test set. */
export function evaluate(rank: Ranker, questions: readonly SearchQuestion[]): Evaluation {
  let hit1 = 0;
  let hit3 = 0;
  let rr = 0;
  const misses: Evaluation['misses'] = [];
  for (const q of questions) {
    const got = rank(q.query).slice(0, 10);
    const at = got.findIndex((url) => q.expect.includes(url));
    if (at === 0) hit1 += 1;
    if (at >= 0 && at < 3) hit3 += 1;
    else misses.push({ query: q.query, expect: q.expect, got: got.slice(0, 3) });
    if (at >= 0) rr += 1 / (at + 1);
  }
  const n = questions.length;
  return { hit1: hit1 / n, hit3: hit3 / n, mrr: rr / n, misses };
}

/** The baseline: MiniSearch as its README sets it up (prefix and fuzzy), over the same sections. */
export function baselineRanker(docs: readonly SearchDoc[]): Ranker {
  const mini = new MiniSearch<SearchDoc>({ fields: ['page', 'section', 'text'], searchOptions: { prefix: true, fuzzy: 0.2 } });
  mini.addAll(docs as SearchDoc[]);
  const byId = new Map(docs.map((d) => [d.id, d.url]));
  return (query) => mini.search(query).map((r) => byId.get(r.id as number)!);
}
