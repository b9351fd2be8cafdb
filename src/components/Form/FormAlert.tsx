import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './FormAlert.module.css';

/**
 * A form-level message above the form: errors are alerts, successes are polite status.
 * `detail` is a second, smaller line saying what exactly went wrong, when we know.
 */
export function FormAlert({ kind, detail, children }: { kind: 'error' | 'success'; detail?: ReactNode; children: ReactNode }): ReactNode {
  return (
    <div className={clsx(styles.alert, styles[kind])} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
      {detail && <span className={styles.detail}>{detail}</span>}
    </div>
  );
}
