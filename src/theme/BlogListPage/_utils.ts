import type { Props } from '@theme/BlogListPage';
import type { BlogCard } from '@site/src/components/BlogPostCard/blogCard';

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
