import type { ReactNode } from 'react';
import styles from './Honeypot.module.css';

/** Hidden from people and assistive tech; bots fill it. The server discards such posts. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }): ReactNode {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
