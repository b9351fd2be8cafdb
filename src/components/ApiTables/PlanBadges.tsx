import type { ReactNode } from 'react';
import clsx from 'clsx';
import { PLAN_IDS, getPlan, type PlanId } from '@site/src/data/plans';
import styles from './styles.module.css';

/** "All plans", "Business + Enterprise" or "Enterprise only", from the gating data. */
export function planAvailabilityLabel(plans: readonly PlanId[]): string {
  if (PLAN_IDS.every((id) => plans.includes(id))) return 'All plans';
  if (plans.length === 1) return `${getPlan(plans[0]).name} only`;
  return plans.map((id) => getPlan(id).name).join(' + ');
}

export function PlanAvailability({ plans }: { plans: readonly PlanId[] }): ReactNode {
  const all = plans.length === PLAN_IDS.length;
  return (
    <span className={clsx(styles.badge, all ? styles.badgeNeutral : styles.badgePlan)} data-plans={plans.join(' ')}>
      {planAvailabilityLabel(plans)}
    </span>
  );
}

export const UPGRADE_REQUIRED = 'Upgrade Required';

export function UpgradeBadge(): ReactNode {
  return <span className={clsx(styles.badge, styles.badgeUpgrade)}>{UPGRADE_REQUIRED}</span>;
}

export function MethodBadge({ method }: { method: string }): ReactNode {
  return <span className={clsx(styles.method, styles[`method${method}`])}>{method}</span>;
}
