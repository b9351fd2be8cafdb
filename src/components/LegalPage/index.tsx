import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import type { ReactNode } from 'react';
import { LEGAL_DATES } from '@site/src/data';
import styles from './styles.module.css';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

interface Props {
  title: string;
  /** Meta description and the lead paragraph under the title. */
  description: string;
  sections: readonly LegalSection[];
  /** The other legal page, linked at the end ("Read our Terms of Service"). */
  related: { to: string; label: string };
}

/**
 * Shared layout of /privacy and /terms: title, dates, a numbered table of contents
 * (a sticky sidebar on wide screens, a card above the text on narrow ones) and the sections,
 * each an id'd h2 so every section can be linked to.
 */
export default function LegalPage({ title, description, sections, related }: Props): ReactNode {
  return (
    <Layout title={title} description={description}>
      <main className={styles.page}>
        <header className={styles.hero}>
          <div className="container">
            <p className={styles.eyebrow}>Legal</p>
            <Heading as="h1" className={styles.title}>
              {title}
            </Heading>
            <p className={styles.lead}>{description}</p>
            <dl className={styles.dates}>
              <div>
                <dt>Last updated:</dt>{' '}
                <dd>
                  <time dateTime={LEGAL_DATES.iso}>{LEGAL_DATES.lastUpdated}</time>
                </dd>
              </div>
              <div>
                <dt>Effective:</dt>{' '}
                <dd>
                  <time dateTime={LEGAL_DATES.iso}>{LEGAL_DATES.effective}</time>
                </dd>
              </div>
            </dl>
          </div>
        </header>
        <div className={`container ${styles.grid}`}>
          <nav className={styles.toc} aria-labelledby="legal-toc-heading">
            <h2 id="legal-toc-heading" className={styles.tocHeading}>
              Contents
            </h2>
            <ol className={styles.tocList}>
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className={styles.body}>
            {sections.map((s, i) => (
              <section key={s.id} className={styles.section} aria-labelledby={s.id}>
                <Heading as="h2" id={s.id}>
                  <span className={styles.number} aria-hidden="true">
                    {i + 1}.
                  </span>{' '}
                  {s.title}
                </Heading>
                {s.content}
              </section>
            ))}
            <p className={styles.related}>
              <Link to={related.to}>{related.label} →</Link>
            </p>
          </article>
        </div>
      </main>
    </Layout>
  );
}
