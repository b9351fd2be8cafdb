import type { ReactNode } from 'react';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { LANDING_HERO as HERO, LANDING_HERO_PREVIEW as PREVIEW } from '@site/src/data/landing';
import Icon from '@site/src/components/Icon';
import styles from './Hero.module.css';

function Preview(): ReactNode {
  return (
    <div className={styles.preview} aria-hidden="true">
      <div className={styles.balanceCard}>
        <p className={styles.previewLabel}>{PREVIEW.account}</p>
        <p className={styles.balance}>{PREVIEW.balance}</p>
        <p className={styles.change}>{PREVIEW.change}</p>
        <svg className={styles.sparkline} viewBox="0 0 200 48" width="200" height="48" preserveAspectRatio="none">
          <path d="M0 40 L20 36 L40 38 L60 30 L80 32 L100 24 L120 26 L140 16 L160 18 L180 8 L200 10" fill="none" strokeWidth="3" />
        </svg>
        <p className={styles.sync}>
          <Icon name="sync" size={14} /> {PREVIEW.syncLabel}
        </p>
      </div>
      <ul className={styles.txList}>
        {PREVIEW.transactions.map((tx) => (
          <li key={tx.name} className={styles.tx}>
            <span className={styles.txIcon} data-incoming={tx.incoming}>
              <Icon name={tx.incoming ? 'piggy' : 'bolt'} size={16} />
            </span>
            <span className={styles.txText}>
              <strong>{tx.name}</strong>
              <small>{tx.detail}</small>
            </span>
            <span className={styles.txAmount}>
              <strong data-incoming={tx.incoming}>{tx.amount}</strong>
              <small>{tx.status}</small>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Hero(): ReactNode {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <p className={styles.badge}>
            <Icon name="shield" size={16} /> {HERO.eyebrow}
          </p>
          <h1 id="hero-title" className={styles.title}>{HERO.title}</h1>
          <p className={styles.lead}>{HERO.lead}</p>
          <div className={styles.actions}>
            <a className="button button--primary button--lg" href={EXTERNAL_LINKS.subscribe} rel="noopener">
              {HERO.subscribeLabel}
            </a>
            <a className="button button--secondary button--outline button--lg" href={EXTERNAL_LINKS.authFlow} rel="noopener">
              {HERO.getStartedLabel}
            </a>
          </div>
          <ul className={styles.trust} aria-label="At a glance">
            {HERO.trust.map((t) => (
              <li key={t}>
                <Icon name="check" size={16} /> {t}
              </li>
            ))}
          </ul>
        </div>
        <Preview />
      </div>
    </section>
  );
}
