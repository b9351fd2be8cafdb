import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import styles from './styles.module.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** 'screen' covers the whole viewport (full-page preview). */
  size?: 'normal' | 'screen';
}

/**
 * A native modal <dialog>: the browser makes the rest of the page inert (focus stays inside),
 * Escape closes it, and we hand focus back to whatever opened it.
 */
export default function Dialog({ open, onClose, title, children, size = 'normal' }: DialogProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      document.documentElement.style.overflow = 'hidden';
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Restores scrolling and focus however the dialog closed (button, Escape).
  const handleClose = () => {
    document.documentElement.style.overflow = '';
    if (opener.current instanceof HTMLElement) opener.current.focus();
    onClose();
  };

  return (
    <dialog ref={ref} className={clsx(styles.dialog, size === 'screen' && styles.dialogScreen)} aria-labelledby="wl-dialog-title" onClose={handleClose}>
      {open && (
        <>
          <div className={styles.dialogHeader}>
            <h2 id="wl-dialog-title" className={styles.dialogTitle}>
              {title}
            </h2>
            <button type="button" className={styles.closeButton} onClick={() => ref.current?.close()} aria-label="Close">
              ×
            </button>
          </div>
          <div className={styles.dialogBody}>{children}</div>
        </>
      )}
    </dialog>
  );
}
