import clsx from 'clsx';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type { ReactNode } from 'react';
import styles from './Section.module.css';

interface Props {
  /** Anchor of the section; the navbar and footer link to some of them. */
  id: string;
  title: string;
  lead?: string;
  eyebrow?: string;
  /** Alternating backgrounds keep long pages readable. */
  tone?: 'plain' | 'muted';
  children: ReactNode;
}

/** A landing section: anchored (and known to Docusaurus's broken-anchor check), titled, contained. */
export default function Section({ id, title, lead, eyebrow, tone = 'plain', children }: Props): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={clsx(styles.section, tone === 'muted' && styles.muted)}>
      <div className="container">
        <header className={styles.sectionHeader}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h2 id={`${id}-title`} className={styles.sectionTitle}>
            {title}
          </h2>
          {lead && <p className={styles.sectionLead}>{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
