import type { ReactNode } from 'react';
import { BLOG_CATEGORIES } from '@site/src/data';
import styles from './styles.module.css';

/**
 * Explore by Category tiles of /blog. The counts are the figures of src/data/blog.ts; the
 * tiles deliberately filter nothing (the spec wires them to no filter), so they are plain
 * list items, not links or buttons.
 */
export default function BlogCategories(): ReactNode {
  return (
    <ul className={styles.grid}>
      {BLOG_CATEGORIES.map((c) => (
        <li key={c.name} className={styles.tile}>
          <span className={styles.name}>{c.name}</span>
          <span className={styles.count}>
            {c.count} {(c.count as number) === 1 ? 'article' : 'articles'}
          </span>
        </li>
      ))}
    </ul>
  );
}
