import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type { PlanDocProfile } from '@site/src/data/limits';
import { PLAN_DOC_PROFILES } from '@site/src/data/limits';
import { OPENAPI_URL_PUBLIC } from '@site/src/data/apiReference/public';
import styles from './styles.module.css';

/** Plan name, price label, colour and description, with a switcher to the other plans. */
export default function PlanHeader({ profile }: { profile: PlanDocProfile }): ReactNode {
  return (
    <header className={styles.hero}>
      <div className="container">
        <nav className={styles.breadcrumbs} aria-label="Breadcrumbs">
          <Link to="/api-docs">API Reference</Link> <span aria-hidden="true">/</span> <span>{profile.name}</span>
        </nav>
        <div className={styles.heroRow}>
          <div>
            <span className={styles.planChip} data-testid="plan-chip">
              {profile.name}
            </span>
            <Heading as="h1" className={styles.heroTitle}>
              {profile.name} API Reference
            </Heading>
            <p className={styles.price} data-testid="plan-price">
              {profile.priceLabel}
            </p>
            <p className={styles.heroDesc}>{profile.description}</p>
          </div>
          <div className={styles.heroActions}>
            <nav className={styles.planSwitch} aria-label="Other plans">
              {PLAN_DOC_PROFILES.map((p) => (
                <Link key={p.id} to={`/api-docs/${p.id}`} aria-current={p.id === profile.id ? 'page' : undefined} className={p.id === profile.id ? styles.planSwitchActive : undefined}>
                  {p.name.replace(/ Plan$/, '')}
                </Link>
              ))}
            </nav>
            <a className={styles.heroLink} href={OPENAPI_URL_PUBLIC} download="ledgerline-openapi-v1.yaml">
              OpenAPI 3.1 (YAML)
            </a>
          </div>
        </div>
      </div>
    </header>
  );
}
