import type { ReactNode } from 'react';
import { SUPPORT_STATS } from '@site/src/data/supportPage';
import styles from './SupportStats.module.css';
import { visuallyHiddenClass } from '@site/src/components/VisuallyHidden';

export function SupportStats(): ReactNode {
  return (
    <section className={styles.stats} aria-labelledby="support-stats-title">
      <h2 id="support-stats-title" className={visuallyHiddenClass}>
        Support in numbers
      </h2>
      <dl className={styles.statsGrid}>
        {SUPPORT_STATS.map((s) => (
          <div key={s.label} className={styles.stat}>
            <dt className={styles.statLabel}>{s.label}</dt>
            <dd className={styles.statValue}>{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
