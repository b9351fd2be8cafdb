import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { SUPPORT_RESOURCES } from '@site/src/data/supportPage';
import Icon from '@site/src/components/Icon';
import VisuallyHidden from '@site/src/components/VisuallyHidden';
import styles from './Resources.module.css';
import Panel from './Panel';

/** Self-service links: many questions are answered faster here than by a ticket. */
export function Resources(): ReactNode {
  return (
    <Panel titleId="support-resources-title" title="Self-service">
      <ul className={styles.resources}>
        {SUPPORT_RESOURCES.map((r) => (
          <li key={r.href}>
            <Link to={r.href} className={styles.resource} {...(r.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <span className={styles.resourceLabel}>
                {r.label}
                {r.external && (
                  <>
                    <Icon name="external" size={14} />
                    <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                  </>
                )}
              </span>
              <span className={styles.resourceText}>{r.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
