import type { ComponentType } from 'react';
import type { SearchEngine, SearchHit } from '@site/src/lib/search/engine';
import { lazyModule } from '@site/src/lib/lazyModule';
import { SEARCH_TEXTS_PATH, SEARCH_TITLES_PATH, joinIndex, type SearchTextsFile, type SearchTitlesFile } from '@site/src/lib/search/types';

export interface ResultsProps {
  id: string;
  hits: SearchHit[];
  active: number;
  query: string;
  onPick: (hit: SearchHit) => void;
  onHover: (index: number) => void;
}

export interface LoadedSearch {
  engine: SearchEngine;
  Results: ComponentType<ResultsProps>;
  /** False while only titles and headings are indexed (the texts are still loading). */
  complete: boolean;
}

type Panel = typeof import('./_panel');

function getJson<T>(path: string): Promise<T> {
  return fetch(path).then((r) => {
    if (!r.ok) throw new Error(`search index: HTTP ${r.status} for ${path}`);
    return r.json() as Promise<T>;
  });
}

// Each part is fetched once per page; a part that failed is fetched again at the next call.
const panel = lazyModule(() => import('./_panel'));
const titles = lazyModule(() => getJson<SearchTitlesFile>(SEARCH_TITLES_PATH));
const texts = lazyModule(() => getJson<SearchTextsFile>(SEARCH_TEXTS_PATH));

function build(m: Panel, t: SearchTitlesFile, x?: SearchTextsFile): LoadedSearch {
  return { engine: m.createEngine(joinIndex(t, x)), Results: m.Results, complete: x !== undefined };
}

// No titles-only index when the texts came with the titles: it would only delay the full one.
const quick = lazyModule(() => Promise.all([panel.load(), titles.load()]).then(([m, t]) => (texts.loaded() ? null : build(m, t))));
const full = lazyModule(() => Promise.all([panel.load(), titles.load(), texts.load()]).then(([m, t, x]) => build(m, t, x)));

/**
 * Loads the engine and results list (one chunk) and the two index files in parallel, once per
 * page load. `onReady` gets a titles-only search as soon as the small file is in (first results
 * on a slow connection), then the full one. A failure is forgotten so the next focus tries again.
 */
export function loadSearch(onReady: (loaded: LoadedSearch) => void): Promise<void> {
  let done = false;
  quick.load().then((q) => q && !done && onReady(q), () => undefined);
  return full.load().then((f) => {
    done = true;
    onReady(f);
  });
}
