import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './FormAlert.module.css';

/** A form-level message above the form: errors are alerts, successes are polite status. */
export function FormAlert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }): ReactNode {
  return (
    <div className={clsx(styles.alert, styles[kind])} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
