import clsx from 'clsx';
import type { ReactNode } from 'react';
import { formatPrice, PLANS, type Plan } from '@site/src/data/plans';
import { LANDING_PRICING as PRICING, LANDING_SECTION_IDS as IDS } from '@site/src/data/landing';
import Section from './Section';
import CheckList from './CheckList';
import styles from './Pricing.module.css';

/** The three plan cards; Choose Plan hands the plan to the page, which opens the checkout. */
export default function Pricing({ onChoose }: { onChoose: (plan: Plan) => void }): ReactNode {
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
}
