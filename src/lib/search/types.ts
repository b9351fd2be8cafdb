/** What a result belongs to; the results list groups by it, in this order. */
export const SEARCH_KINDS = ['docs', 'api', 'blog', 'site'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  docs: 'Documentation',
  api: 'API reference',
  blog: 'Blog',
  site: 'Site',
};

/**
 * One section of a built page: a heading with the text up to the next heading of its level or
 * above, so words split between a heading and its body still meet in one document.
 * `url` is unique in the index (route plus the heading's anchor, none for the page's opening).
 */
export interface SearchDoc {
  id: number;
  url: string;
  kind: SearchKind;
  /** Page title, e.g. "Webhooks". */
  page: string;
  /** Section heading, empty for the page's opening section. */
  section: string;
  /**
   * Other headings that say what the section is about: the heading it sits under (an h3's h2)
   * and the sub-headings inside it ("Phone Support" in "Ways to reach us").
   */
  headings: string;
  text: string;
}

/** The file the site serves at SEARCH_INDEX_PATH. */
export interface SearchIndexFile {
  version: 1;
  docs: SearchDoc[];
}

export const SEARCH_INDEX_PATH = '/search-index.json';
