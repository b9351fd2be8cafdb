import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Heading from '@theme/Heading';
import type { ReactNode } from 'react';
import { EXTERNAL_LINKS, SITE } from '@site/src/data';
import styles from './styles.module.css';

/** Header strip of /blog: back to the landing page on the left, the partner badge on the right. */
export function BlogHeader(): ReactNode {
  return (
    <div className={styles.header}>
      <div className={`container ${styles.headerInner}`}>
        <Link to="/" className={styles.back}>
          <span aria-hidden="true">←</span> Back to Home
        </Link>
        <span className={styles.badge}>
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
            <path fill="currentColor" d="M10 1.5 3 4.5v5c0 4.1 3 7.9 7 9 4-1.1 7-4.9 7-9v-5l-7-3Zm-1.2 12.3L5.6 10.6l1.3-1.3 1.9 1.9 4.4-4.4 1.3 1.3-5.7 5.7Z" />
          </svg>
          {SITE.partnerBadge}
        </span>
      </div>
    </div>
  );
}

export function BlogHero({ title, description }: { title: string; description: string }): ReactNode {
  return (
    <header className={styles.hero}>
      <div className="container">
        <p className={styles.eyebrow}>Insights &amp; guides</p>
        <Heading as="h1" className={styles.heroTitle}>
          {title}
        </Heading>
        <p className={styles.heroLead}>{description}</p>
      </div>
    </header>
  );
}

/** Third cell of the featured grid: ways to follow the blog (feeds, tags). */
export function FollowCard(): ReactNode {
  const rss = useBaseUrl('/blog/rss.xml');
  const atom = useBaseUrl('/blog/atom.xml');
  return (
    <aside className={styles.follow} aria-labelledby="follow-the-blog">
      <h3 id="follow-the-blog" className={styles.followTitle}>
        Follow the blog
      </h3>
      <p>New articles on banking APIs, Xero, security and compliance, straight to your reader.</p>
      <ul className={styles.followLinks}>
        <li>
          {/* Plain anchors: the feeds are files, not pages of the single-page app. */}
          <a href={rss}>RSS feed</a>
        </li>
        <li>
          <a href={atom}>Atom feed</a>
        </li>
        <li>
          <Link to="/blog/tags">Browse all tags</Link>
        </li>
      </ul>
    </aside>
  );
}

const FOOTER_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Documentation', to: '/documentation' },
  { label: 'API Docs', to: '/api-docs' },
  { label: 'Support', to: '/support' },
] as const;

export function BlogFooterLinks(): ReactNode {
  return (
    <nav className={styles.footerLinks} aria-label="Blog footer">
      <ul className="container">
        {FOOTER_LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
        <li>
          <Link href={EXTERNAL_LINKS.newsletter} rel="noopener noreferrer" target="_blank">
            Newsletter
          </Link>
        </li>
      </ul>
    </nav>
  );
}
