import clsx from 'clsx';
import { memo, useCallback, useState, type ReactNode } from 'react';
import { formatPrice, PLANS, type Plan } from '@site/src/data/plans';
import CheckoutModal from '@site/src/components/CheckoutModal';
import { LANDING_PRICING as PRICING, LANDING_SECTION_IDS as IDS } from '@site/src/data/landing';
import Section from './Section';
import CheckList from './CheckList';
import styles from './Pricing.module.css';

/**
 * The pricing section and the checkout its Choose Plan buttons open. The chosen plan lives here,
 * not in the page: held by the page, opening the checkout re-rendered the whole landing page in
 * the click (issue 48: ~70 of the click's 350 ms on a 4x slower CPU).
 */
export default function Pricing(): ReactNode {
  // The plan whose checkout is open; null means the modal is closed (closing clears it).
  const [plan, setPlan] = useState<Plan | null>(null);
  const close = useCallback(() => setPlan(null), []);
  return (
    <>
      <PlanCards onChoose={setPlan} />
      <CheckoutModal plan={plan} onClose={close} />
    </>
  );
}

/** The three plan cards; memoised, so opening and closing the checkout leaves them alone. */
const PlanCards = memo(function PlanCards({ onChoose }: { onChoose: (plan: Plan) => void }): ReactNode {
  return (
    <Section id={IDS.pricing} title={PRICING.title} lead={PRICING.lead} eyebrow="Pricing">
      <ul className={styles.plans}>
        {PLANS.map((plan) => (
          <li key={plan.id} className={clsx(styles.plan, plan.highlighted && styles.planHighlighted)}>
            {plan.highlighted && <p className={styles.popular}>{PRICING.popularBadge}</p>}
            <h3 id={`plan-${plan.id}`} className={styles.planName}>
              {plan.name}
            </h3>
            <p className={styles.planDescription}>{plan.description}</p>
            <p className={styles.price}>
              <span className={styles.priceValue}>{formatPrice(plan)}</span>
              <span className={styles.pricePeriod}>{plan.period}</span>
            </p>
            <CheckList items={plan.features} className={styles.planChecks} />
            <button
              type="button"
              className={clsx('button button--lg button--block', plan.highlighted ? 'button--primary' : 'button--secondary')}
              onClick={() => onChoose(plan)}
              aria-label={`${PRICING.chooseLabel}: ${plan.name}`}
              data-plan={plan.id}
            >
              {PRICING.chooseLabel}
            </button>
          </li>
        ))}
      </ul>
      <p className={styles.pricingNote}>{PRICING.note}</p>
    </Section>
  );
});
