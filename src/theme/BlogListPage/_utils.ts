import type { Props } from '@theme/BlogListPage';

/**
 * A blog post as the /blog cards show it: the spec's blog post entity (id, title, excerpt,
 * author, date, readTime, tags, featured), built from the Docusaurus blog item. The id is the
 * post's `slug` front matter, so the card links to /blog/{id}.
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

type Item = Props['items'][number];

export function toBlogCard({ content }: Item): BlogCard {
  const { metadata, frontMatter } = content;
  const author = metadata.authors[0];
  return {
    id: String(frontMatter.slug ?? metadata.permalink.split('/').pop()),
    title: metadata.title,
    excerpt: metadata.description,
    permalink: metadata.permalink,
    author: { name: author?.name ?? 'Ledgerline team', title: author?.title, imageURL: author?.imageURL },
    date: new Date(metadata.date).toISOString(),
    readTime: Math.max(1, Math.ceil(metadata.readingTime ?? 1)),
    tags: metadata.tags.map((t) => ({ label: t.label, permalink: t.permalink })),
    // `featured` is our own front matter key, which the blog plugin passes through untyped.
    featured: (frontMatter as { featured?: unknown }).featured === true,
  };
}

/** Featured posts first grid, the rest in the latest grid; both keep the blog's newest-first order. */
export function splitFeatured(cards: readonly BlogCard[]): { featured: BlogCard[]; latest: BlogCard[] } {
  return { featured: cards.filter((c) => c.featured), latest: cards.filter((c) => !c.featured) };
}

// A fixed time zone keeps the server-rendered date identical to the one rendered in the browser.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatPostDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}
