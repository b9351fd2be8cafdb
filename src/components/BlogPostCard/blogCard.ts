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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "October 1, 2024", as en-US writes it, spelled by hand: the first Intl formatter of a page loads
 * the locale data, about 100 ms of /blog's start-up on a phone-speed CPU. UTC keeps the
 * server-rendered date identical to the one rendered in the browser.
 */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]!} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
