import type { ReactNode } from 'react';
import styles from './Panel.module.css';

/** A side panel of the support page with its heading (response times, resources). */
export default function Panel({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }): ReactNode {
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
