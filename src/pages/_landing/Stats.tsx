import type { ReactNode } from 'react';
import { LANDING_STATS } from '@site/src/data/claims';
import { LANDING_SECTION_IDS as IDS, LANDING_STATS_COPY } from '@site/src/data/landing';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import styles from './Stats.module.css';

export default function Stats(): ReactNode {
  useBrokenLinks().collectAnchor(IDS.stats);
  return (
    <section id={IDS.stats} className={styles.stats} aria-labelledby={`${IDS.stats}-title`}>
      <div className="container">
        <h2 id={`${IDS.stats}-title`} className={styles.statsTitle}>
          {LANDING_STATS_COPY.title}
        </h2>
        <dl className={styles.statsGrid}>
          {LANDING_STATS.map((s) => (
            <div key={s.label} className={styles.stat}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
