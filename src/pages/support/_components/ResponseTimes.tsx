import type { ReactNode } from 'react';
import { formatResponseTime, SUPPORT_PRIORITIES, SUPPORT_PRIORITY_IDS } from '@site/src/data/support';
import Icon from '@site/src/components/Icon';
import Panel from './Panel';
import styles from './ResponseTimes.module.css';

/** Expected first response per priority, straight from the priority data. */
export function ResponseTimes(): ReactNode {
  return (
    <Panel
      titleId="response-times-title"
      title={
        <>
          <Icon name="clock" size={20} /> Response times
        </>
      }
    >
      <p className={styles.panelText}>Pick the priority that matches the impact; we answer within:</p>
      <dl className={styles.priorities}>
        {SUPPORT_PRIORITY_IDS.map((id) => (
          <div key={id} className={styles.priorityRow} data-priority={id}>
            <dt>
              <span className={styles.priorityDot} aria-hidden="true" />
              {SUPPORT_PRIORITIES[id].label}
            </dt>
            <dd>{formatResponseTime(SUPPORT_PRIORITIES[id].responseHours)}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
