import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { SUPPORT_RESOURCES } from '@site/src/data/supportPage';
import Icon from '@site/src/components/Icon';
import styles from './Resources.module.css';
import shared from './styles.module.css';

/** Self-service links: many questions are answered faster here than by a ticket. */
export function Resources(): ReactNode {
  return (
    <section className={shared.panel} aria-labelledby="support-resources-title">
      <h2 id="support-resources-title" className={shared.panelTitle}>
        Self-service
      </h2>
      <ul className={styles.resources}>
        {SUPPORT_RESOURCES.map((r) => (
          <li key={r.href}>
            <Link to={r.href} className={styles.resource} {...(r.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <span className={styles.resourceLabel}>
                {r.label}
                {r.external && (
                  <>
                    <Icon name="external" size={14} />
                    <span className={shared.srOnly}> (opens in a new tab)</span>
                  </>
                )}
              </span>
              <span className={styles.resourceText}>{r.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
