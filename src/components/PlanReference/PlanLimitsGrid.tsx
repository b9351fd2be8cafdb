import type { ReactNode } from 'react';
import Heading from '@theme/Heading';
import { LIMIT_ROWS } from '@site/src/components/PlanLimitsTable';
import { PLAN_LIMITS } from '@site/src/data/limits';
import type { PlanId } from '@site/src/data/plans';
import styles from './styles.module.css';

/** The limits a developer hits in code; the sample fee is pricing, not an API limit. */
const SHOWN = LIMIT_ROWS.filter((r) => r.key !== 'sampleTransactionFee');

/** Features and API limits of one plan, from src/data (plans.ts and limits.ts). */
export default function PlanLimitsGrid({ plan, features }: { plan: PlanId; features: readonly string[] }): ReactNode {
  const rows = SHOWN;
  return (
    <div className={styles.overview}>
      <section aria-labelledby="features" className={styles.features}>
        <Heading as="h2" id="features">
          Features
        </Heading>
        <ul className={styles.featureList}>
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="api-limits" className={styles.limits}>
        <Heading as="h2" id="api-limits">
          API limits
        </Heading>
        <dl className={styles.limitGrid}>
          {rows.map((r) => (
            <div key={r.key} className={styles.limit} data-limit={r.key}>
              <dt>{r.label}</dt>
              <dd>{r.format(PLAN_LIMITS[plan][r.key])}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
