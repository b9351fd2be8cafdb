import type { ComponentType } from 'react';
import type { SearchEngine, SearchHit } from '@site/src/lib/search/engine';
import { SEARCH_INDEX_PATH, type SearchIndexFile } from '@site/src/lib/search/types';

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
}

let loading: Promise<LoadedSearch> | null = null;

/**
 * Loads the engine and results list (one chunk) and the index (one file, see
 * src/plugins/searchIndex) in parallel, once per page load. A failure is forgotten so the next
 * focus tries again.
 */
export function loadSearch(): Promise<LoadedSearch> {
  loading ??= Promise.all([
    import('./_panel'),
    fetch(SEARCH_INDEX_PATH).then((r) => {
      if (!r.ok) throw new Error(`search index: HTTP ${r.status}`);
      return r.json() as Promise<SearchIndexFile>;
    }),
  ]).then(
    ([panel, file]) => ({ engine: panel.createEngine(file.docs), Results: panel.Results }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
