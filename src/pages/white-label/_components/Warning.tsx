import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import styles from './Warning.module.css';

/** A warning box with its "!" mark; `inline` sits under a field. */
export default function Warning({ inline, className, children, ...rest }: ComponentProps<'div'> & { inline?: boolean }): ReactNode {
  return (
    <div className={clsx(styles.warning, inline && styles.inline, className)} {...rest}>
      <span className={styles.icon} aria-hidden="true">
        !
      </span>
      <span>{children}</span>
    </div>
  );
}
