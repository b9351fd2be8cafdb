import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import {
  LANDING_FEATURES,
  LANDING_GUIDES,
  LANDING_SECTION_IDS as IDS,
  LANDING_SERVICES,
  LANDING_WHY_US,
  type LandingCard,
} from '@site/src/data/landing';
import Icon from '@site/src/components/Icon';
import Section from './Section';
import CheckList from './CheckList';
import styles from './Cards.module.css';

function CardGrid({ items, columns }: { items: readonly LandingCard[]; columns: 3 | 4 }): ReactNode {
  return (
    <ul className={columns === 4 ? styles.grid4 : styles.grid3}>
      {items.map((item) => (
        <li key={item.title} className={styles.card}>
          <span className={styles.iconBox}>
            <Icon name={item.icon} />
          </span>
          <h3 className={styles.cardTitle}>{item.title}</h3>
          <p className={styles.cardText}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function WhyUs(): ReactNode {
  return (
    <Section id={IDS.whyUs} title={LANDING_WHY_US.title} lead={LANDING_WHY_US.lead} eyebrow="Why us">
      <CardGrid items={LANDING_WHY_US.items} columns={4} />
    </Section>
  );
}

export function Features(): ReactNode {
  return (
    <Section id={IDS.features} title={LANDING_FEATURES.title} lead={LANDING_FEATURES.lead} eyebrow="Features" tone="muted">
      <CardGrid items={LANDING_FEATURES.items} columns={3} />
    </Section>
  );
}

export function Guides(): ReactNode {
  return (
    <Section id={IDS.guides} title={LANDING_GUIDES.title} lead={LANDING_GUIDES.lead} eyebrow="Guides">
      <ul className={styles.grid3}>
        {LANDING_GUIDES.items.map((g) => (
          <li key={g.title} className={styles.guide}>
            <p className={styles.guideMeta}>
              <span className={styles.tag}>{g.category}</span>
              <span>{g.readMinutes} min read</span>
            </p>
            <h3 className={styles.cardTitle}>
              <Link to={g.to} className={styles.stretchedLink}>
                {g.title}
              </Link>
            </h3>
            <p className={styles.cardText}>{g.excerpt}</p>
            <span className={styles.readMore} aria-hidden="true">
              Read the guide <Icon name="arrow" size={16} />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The label's last word and the arrow never break apart, so the arrow cannot wrap alone. */
function WithArrow({ label }: { label: string }): ReactNode {
  const cut = label.lastIndexOf(' ') + 1;
  return (
    <>
      {label.slice(0, cut)}
      <span className={styles.nowrap}>
        {label.slice(cut)}
        <Icon name="arrow" size={16} />
      </span>
    </>
  );
}

export function Services(): ReactNode {
  return (
    <Section id={IDS.services} title={LANDING_SERVICES.title} lead={LANDING_SERVICES.lead} eyebrow="Services" tone="muted">
      <ul className={styles.grid2}>
        {LANDING_SERVICES.items.map((s) => (
          <li key={s.title} className={styles.service}>
            <span className={styles.iconBox}>
              <Icon name={s.icon} />
            </span>
            <div>
              <h3 className={styles.cardTitle}>{s.title}</h3>
              <p className={styles.cardText}>{s.text}</p>
              <CheckList items={s.points} />
              <Link to={s.link.to} className={styles.textLink}>
                <WithArrow label={s.link.label} />
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
