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
  /** A copy of another section (an endpoint card on a plan page): its text is that section's. */
  sameAs?: number;
}

/**
 * The index is served in two files so the first results need only the small one: the sections
 * without their text (titles, headings, page), then the texts, in the same order.
 */
export interface SearchTitlesFile {
  version: 1;
  docs: Omit<SearchDoc, 'text'>[];
}
export interface SearchTextsFile {
  version: 1;
  texts: string[];
}

export const SEARCH_TITLES_PATH = '/search-titles.json';
export const SEARCH_TEXTS_PATH = '/search-texts.json';

/** The sections with their texts (with none: titles only, for the first results). */
export function joinIndex(titles: SearchTitlesFile, texts?: SearchTextsFile): SearchDoc[] {
  return titles.docs.map((d, i) => ({ ...d, text: texts?.texts[i] ?? '' }));
}
