import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { PLAN_IDS, getPlan, type PlanId } from '@site/src/data/plans';
import type { ApiOutline } from '@site/src/data/apiReference/outline';
import styles from './styles.module.css';

/** Closing call to action of the starter and business pages: what the next plan unlocks. */
export default function UpgradeCta({ plan, outline }: { plan: PlanId; outline: ApiOutline }): ReactNode {
  const next = PLAN_IDS[PLAN_IDS.indexOf(plan) + 1];
  if (!next) return null;
  const unlocked = [
    ...outline.endpoints.filter((e) => e.plans.includes(next) && !e.plans.includes(plan)),
    ...outline.events.filter((e) => e.plans.includes(next) && !e.plans.includes(plan)),
  ].length;
  return (
    <aside className={styles.cta} aria-labelledby="upgrade" data-testid="upgrade-cta">
      <Heading as="h2" id="upgrade" className={styles.ctaTitle}>
        Need more than {getPlan(plan).name}?
      </Heading>
      <p>
        Upgrade to {getPlan(next).name} for higher limits and {unlocked} more endpoints and events, or compare every plan.
      </p>
      <Link className="button button--primary button--lg" to="/#pricing">
        Compare plans and upgrade
      </Link>
    </aside>
  );
}
