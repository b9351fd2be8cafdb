/**
 * A disclosure of the Try it panel whose content is a chunk of its own ("Recent requests", "Test
 * clock"): only the button is part of the panel's chunk. The content is passed as an element of a
 * `lazy` component, which React fetches the first time it renders, that is when the reader expands
 * the section, so opening the panel costs nothing more.
 */
import { Suspense, useId, useState, type ReactElement, type ReactNode } from 'react';
import styles from './LazyDisclosure.module.css';

export interface LazyDisclosureProps {
  label: string;
  /** Shown while the content's chunk is on its way. */
  loading: string;
  testId: string;
  children: ReactElement;
}

export default function LazyDisclosure({ label, loading, testId, children }: LazyDisclosureProps): ReactNode {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.section}>
      <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      {open ? (
        <div id={id} className={styles.body} data-testid={testId}>
          <Suspense fallback={<p className={styles.loading}>{loading}</p>}>{children}</Suspense>
        </div>
      ) : null}
    </div>
  );
}
