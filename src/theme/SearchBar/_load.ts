import type { ComponentType } from 'react';
import type { SearchEngine, SearchHit } from '@site/src/lib/search/engine';
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

let panel: Promise<Panel> | null = null;
let titles: Promise<SearchTitlesFile> | null = null;
let texts: Promise<SearchTextsFile> | null = null;
let textsArrived = false;
let quick: Promise<LoadedSearch | null> | null = null;
let full: Promise<LoadedSearch> | null = null;

/**
 * Loads the engine and results list (one chunk) and the two index files in parallel, once per
 * page load. `onReady` gets a titles-only search as soon as the small file is in (first results
 * on a slow connection), then the full one. A failure is forgotten so the next focus tries again.
 */
export function loadSearch(onReady: (loaded: LoadedSearch) => void): Promise<void> {
  panel ??= import('./_panel');
  titles ??= getJson<SearchTitlesFile>(SEARCH_TITLES_PATH);
  texts ??= getJson<SearchTextsFile>(SEARCH_TEXTS_PATH).then((t) => ((textsArrived = true), t));
  const build = (m: Panel, t: SearchTitlesFile, x?: SearchTextsFile): LoadedSearch => ({ engine: m.createEngine(joinIndex(t, x)), Results: m.Results, complete: x !== undefined });
  // No titles-only index when the texts came with the titles: it would only delay the full one.
  quick ??= Promise.all([panel, titles]).then(([m, t]) => (textsArrived ? null : build(m, t)));
  full ??= Promise.all([panel, titles, texts]).then(([m, t, x]) => build(m, t, x));
  let done = false;
  quick.then((q) => q && !done && onReady(q), () => undefined);
  return full.then(
    (f) => {
      done = true;
      onReady(f);
    },
    (error: unknown) => {
      panel = titles = texts = quick = full = null;
      textsArrived = false;
      throw error;
    },
  );
}
