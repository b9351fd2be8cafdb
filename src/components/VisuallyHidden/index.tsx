import type { ReactNode } from 'react';
import styles from './styles.module.css';

/** Text for screen readers only. */
export default function VisuallyHidden({ children }: { children: ReactNode }): ReactNode {
  return <span className={styles.visuallyHidden}>{children}</span>;
}

/** For controls that must stay in the page but out of sight (a file input opened by a button). */
export const visuallyHiddenClass = styles.visuallyHidden;
