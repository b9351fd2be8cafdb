import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { formatPostDate, type BlogCard } from './blogCard';
import styles from './styles.module.css';

interface Props {
  post: BlogCard;
  /** Featured cards get the accent band and a larger title. */
  variant?: 'featured' | 'default';
}

/**
 * One post on /blog. The title link stretches over the whole card (so the card is one click
 * target) while the tag links stay clickable above it.
 */
export default function BlogPostCard({ post, variant = 'default' }: Props): ReactNode {
  const titleId = `post-${post.id}`;
  return (
    <article className={clsx(styles.card, variant === 'featured' && styles.featured)} aria-labelledby={titleId} data-post-id={post.id}>
      {variant === 'featured' && (
        <div className={styles.band} aria-hidden="true">
          <span className={styles.bandLabel}>Featured</span>
        </div>
      )}
      <div className={styles.body}>
        <ul className={styles.tags} aria-label="Tags">
          {post.tags.slice(0, 3).map((tag) => (
            <li key={tag.permalink}>
              <Link to={tag.permalink} className={styles.tag}>
                {tag.label}
              </Link>
            </li>
          ))}
        </ul>
        <h3 className={styles.title} id={titleId}>
          <Link to={post.permalink} className={styles.titleLink}>
            {post.title}
          </Link>
        </h3>
        <p className={styles.excerpt}>{post.excerpt}</p>
        <div className={styles.meta}>
          {post.author.imageURL && <img className={styles.avatar} src={post.author.imageURL} alt="" width={36} height={36} loading="lazy" />}
          <div className={styles.metaText}>
            <span className={styles.author}>{post.author.name}</span>
            <span className={styles.when}>
              <time dateTime={post.date}>{formatPostDate(post.date)}</time>
              <span aria-hidden="true"> · </span>
              {post.readTime} min read
            </span>
          </div>
        </div>
      </div>
    </article>
  );
}
