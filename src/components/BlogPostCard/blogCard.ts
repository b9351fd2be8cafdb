/**
 * A blog post as the /blog cards show it: the spec's blog post entity (id, title, excerpt,
 * author, date, readTime, tags, featured), which src/theme/BlogListPage builds from the
 * Docusaurus blog item. The id is the post's `slug` front matter, so the card links to /blog/{id}.
 */
export interface BlogCard {
  id: string;
  title: string;
  excerpt: string;
  permalink: string;
  author: { name: string; title?: string; imageURL?: string };
  /** ISO date string. */
  date: string;
  /** Whole minutes, as Docusaurus computes from the text. */
  readTime: number;
  tags: { label: string; permalink: string }[];
  featured: boolean;
}

// A fixed time zone keeps the server-rendered date identical to the one rendered in the browser.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatPostDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}
