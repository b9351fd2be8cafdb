import type { ReactNode } from 'react';
import Heading from '@theme/Heading';
import FullPageLink from '@site/src/components/FullPageLink';
import { PLAN_DOC_PROFILES, type PlanDocProfile } from '@site/src/data/planProfiles';
import { API_VERSION_NAMES, openApiUrls } from '@site/src/data/apiVersioning';
import ApiVersionSwitch from '@site/src/components/ApiVersionSwitch';
import styles from './styles.module.css';

/** Title block of a plan page, where /api-docs has its title: plan, price, description, plan switcher. */
export default function PlanHeader({ profile }: { profile: PlanDocProfile }): ReactNode {
  return (
    <header className={styles.header}>
      <span className={styles.planChip} data-testid="plan-chip">
        {profile.name}
      </span>
      <Heading as="h1" className={styles.title}>
        {profile.name} API Reference
      </Heading>
      <p className={styles.price} data-testid="plan-price">
        {profile.priceLabel}
      </p>
      <p className={styles.description}>{profile.description}</p>
      <div className={styles.headerActions}>
        <nav className={styles.planSwitch} aria-label="Other plans">
          {PLAN_DOC_PROFILES.map((p) => (
            <FullPageLink key={p.id} to={`/api-docs/${p.id}`} aria-current={p.id === profile.id ? 'page' : undefined} className={p.id === profile.id ? styles.planSwitchActive : undefined}>
              {p.name.replace(/ Plan$/, '')}
            </FullPageLink>
          ))}
        </nav>
        <ApiVersionSwitch />
        <span className={styles.openApiLinks}>
          OpenAPI 3.1:{' '}
          {[...API_VERSION_NAMES].reverse().map((version, i) => (
            <span key={version}>
              {i > 0 ? ' · ' : ''}
              {version}{' '}
              <a className={styles.openApiLink} href={openApiUrls(version).yaml} download={`ledgerline-openapi-${version}.yaml`}>
                YAML
              </a>{' '}
              <a className={styles.openApiLink} href={openApiUrls(version).json} download={`ledgerline-openapi-${version}.json`}>
                JSON
              </a>
            </span>
          ))}
        </span>
      </div>
    </header>
  );
}
