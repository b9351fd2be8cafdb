import type { ReactNode } from 'react';
import { SUPPORT_CHANNELS } from '@site/src/data/supportPage';
import Icon from '@site/src/components/Icon';
import VisuallyHidden, { visuallyHiddenClass } from '@site/src/components/VisuallyHidden';
import styles from './ContactChannels.module.css';

/** Phone, email and live-chat cards. */
export function ContactChannels(): ReactNode {
  return (
    <section aria-labelledby="support-channels-title" className={styles.section}>
      <h2 id="support-channels-title" className={visuallyHiddenClass}>
        Ways to reach us
      </h2>
      <ul className={styles.channels}>
        {SUPPORT_CHANNELS.map((c) => (
          <li key={c.id} className={styles.card}>
            <span className={styles.iconBadge}>
              <Icon name={c.id} size={22} />
            </span>
            <h3 className={styles.cardTitle}>{c.title}</h3>
            <p className={styles.cardText}>{c.description}</p>
            <a
              className={styles.channelAction}
              href={c.action.href}
              {...(c.action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {c.action.label}
              {c.action.external && (
                <>
                  <Icon name="external" size={14} />
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </>
              )}
            </a>
            <p className={styles.availability}>
              <span className={styles.liveDot} aria-hidden="true" />
              {c.availability}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
