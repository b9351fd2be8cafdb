import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './StatusPill.module.css';

export type Tone = 'live' | 'pending' | 'off';

const TONES: Record<Tone, string | undefined> = { live: styles.tone_live, pending: styles.tone_pending, off: styles.tone_off };

/** The platform's state as a colored pill with a dot. */
export default function StatusPill({ tone, children }: { tone: Tone; children: ReactNode }): ReactNode {
  return <span className={clsx(styles.statusPill, TONES[tone])}>{children}</span>;
}

/** The small line under a status. */
export function StatusNote({ children }: { children: ReactNode }): ReactNode {
  return <span className={styles.statusNote}>{children}</span>;
}

/** Marks unsaved edits wherever the page reports the saved state. */
export function Unsaved({ children = 'Unsaved changes' }: { children?: ReactNode }): ReactNode {
  return <span className={styles.dirty}>{children}</span>;
}
