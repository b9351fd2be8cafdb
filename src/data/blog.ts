/**
 * Explore by Category tiles of /blog, with the article counts the spec gives.
 * The tiles are informational: they filter nothing.
 */
export const BLOG_CATEGORIES = [
  { name: 'White Label', count: 5 },
  { name: 'Accounting Integration', count: 12 },
  { name: 'API Development', count: 8 },
  { name: 'Security', count: 15 },
  { name: 'Banking', count: 20 },
  { name: 'Fintech', count: 10 },
  { name: 'Authentication', count: 7 },
  { name: 'Compliance', count: 6 },
] as const;

/** The blog holds this many posts, the first FEATURED_POST_COUNT of them featured. */
export const BLOG_POST_COUNT = 6;
export const FEATURED_POST_COUNT = 2;
