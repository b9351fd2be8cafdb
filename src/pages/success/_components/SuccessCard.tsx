import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import SetupPassword from '@site/src/components/SetupPassword';
import { formatPrice } from '@site/src/data/plans';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { SUCCESS_COPY as COPY } from '@site/src/data/success';
import { docsPath, type SuccessParams } from '../_utils';
import SandboxKeyOffer from './SandboxKeyOffer';
import styles from './styles.module.css';

interface Props {
  /** Null until the query string has been read (after hydration). */
  params: SuccessParams | null;
  secondsLeft: number;
}

export default function SuccessCard({ params, secondsLeft }: Props): ReactNode {
  const plan = params?.plan;
  return (
    <div className={styles.wrap}>
      <article className={styles.card} aria-labelledby="success-title">
        <span className={styles.icon} aria-hidden="true">
          <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 6L9 17l-5-5" />
          </svg>
        </span>
        <h1 id="success-title" className={styles.title}>
          {COPY.title}
        </h1>
        {/* Slots keep their size before the query is read, so nothing below them jumps. */}
        <p className={clsx(styles.planLabel, !plan && styles.pending)} data-testid="plan-label">
          {plan ? `${plan.name} Plan` : 'Starter Plan'}
          <span className={styles.planPrice}>{plan ? ` · ${formatPrice(plan)}${plan.period}` : ' · $0/month'}</span>
        </p>
        <p className={styles.welcome} data-testid="welcome">
          {params?.name ? COPY.welcome(params.name) : null}
        </p>
        <p className={styles.lead}>{COPY.lead}</p>

        <div className={styles.countdown}>
          <span className={styles.countdownNumber} role="timer" aria-label={`${secondsLeft} seconds`} data-testid="countdown">
            {secondsLeft}
          </span>
          <span className={styles.countdownText}>{COPY.redirecting}</span>
        </div>

        <div className={styles.actions}>
          {plan ? (
            <Link className="button button--primary button--lg" to={docsPath(plan.id)}>
              {COPY.docsButton}
            </Link>
          ) : (
            // Until the query is read the plan is unknown: a link without href cannot send a
            // click to the wrong plan's docs, and keeps the button's place so nothing jumps.
            <a className="button button--primary button--lg" aria-disabled="true" role="link" data-testid="docs-pending">
              {COPY.docsButton}
            </a>
          )}
          <a className="button button--secondary button--outline button--lg" href={EXTERNAL_LINKS.authFlow} rel="noopener">
            {COPY.authButton}
          </a>
        </div>

        <aside className={styles.tip} aria-label="Tip">
          <strong>{COPY.tipTitle}</strong> {COPY.tipBefore} <SetupPassword /> {COPY.tipAfter}
        </aside>
        {params?.orderId && (
          <p className={styles.order}>
            {COPY.orderLabel} <code>{params.orderId}</code>
          </p>
        )}
        <SandboxKeyOffer plan={plan} />
      </article>
    </div>
  );
}
