import clsx from 'clsx';
import { useEffect, useId, useRef, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import styles from './styles.module.css';

export interface DialogProps extends Omit<ComponentProps<'dialog'>, 'open' | 'title' | 'onClose'> {
  open: boolean;
  /** Asked to close (close button, Escape, a click on the backdrop); the owner sets `open` false. */
  onClose: () => void;
  title: ReactNode;
  /** The close button's accessible name. */
  closeLabel?: string;
  /** 'screen' covers the whole viewport (full-page preview). */
  size?: 'normal' | 'screen';
}

/** Hiding the scrollbar would shift the page sideways: pad by its width instead. */
function lockScroll(): () => void {
  const { overflow, paddingRight } = document.body.style;
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  document.body.style.overflow = 'hidden';
  if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
  return () => {
    document.body.style.overflow = overflow;
    document.body.style.paddingRight = paddingRight;
  };
}

/**
 * The site's one modal dialog, on the native `<dialog>`: showModal() makes the rest of the page
 * inert (focus stays inside) and turns Escape into a cancel we route to onClose. We add what the
 * browser leaves out: focus starts on the dialog (its name and description are read first, Tab
 * then follows the visual order), the page behind does not scroll, and focus returns to the
 * opener however the dialog closed, even when the owner unmounts it.
 */
export default function Dialog({ open, onClose, title, closeLabel = 'Close', size = 'normal', className, children, ...rest }: DialogProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Browsers close anyway on a repeated Escape without user activation in between.
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      unlock();
      opener?.focus();
    };
  }, [open]);

  // A click on the backdrop lands on the <dialog> itself, outside its box.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
    if (outside) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={clsx(styles.dialog, size === 'screen' && styles.screen, className)}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      onMouseDown={onMouseDown}
      {...rest}
    >
      {open && (
        <>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M18 6L6 18M6 6l12 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>
  );
}
