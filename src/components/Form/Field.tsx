import type { ReactNode } from 'react';
import styles from './Field.module.css';

/** What every field takes besides its control's own props. */
export interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** Shown under the field and announced; also sets aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Keep a line free under the field for its error, so an error appearing moves nothing (dialogs). */
  reserveError?: boolean;
  /** Something that sits on the control's line, after it (the newsletter's Subscribe button). */
  trailing?: ReactNode;
}

/** The aria wiring every control gets from its field: one place, so no form forgets a part. */
export function controlAria({ id, required, error, hint }: Pick<FieldProps, 'id' | 'required' | 'error' | 'hint'>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

function RequiredMark({ required }: { required: boolean | undefined }): ReactNode {
  return required ? (
    <span className={styles.required} aria-hidden="true">
      {' '}*
    </span>
  ) : null;
}

function Messages({ id, error, hint, reserveError }: Pick<FieldProps, 'id' | 'error' | 'hint' | 'reserveError'>): ReactNode {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {/* A non-breaking space gives the placeholder exactly a one-line error's height. */}
      {reserveError && !error && !hint && (
        <p className={styles.fieldError} aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
    </>
  );
}

/** Label, control, hint and error of one field. */
export function Field({ id, label, required, error, hint, reserveError, trailing, children }: FieldProps & { children: ReactNode }): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <RequiredMark required={required} />
      </label>
      {trailing ? (
        <div className={styles.row}>
          {children}
          {trailing}
        </div>
      ) : (
        children
      )}
      <Messages id={id} error={error} hint={hint} reserveError={reserveError} />
    </div>
  );
}

/** A group of controls named by a legend (radio groups): the same parts as a field. */
export function FieldGroup({ id, label, required, error, hint, children }: Omit<FieldProps, 'reserveError' | 'trailing'> & { children: ReactNode }): ReactNode {
  return (
    <fieldset id={id} className={`${styles.field} ${styles.group}`} aria-describedby={controlAria({ id, error, hint })['aria-describedby']}>
      <legend className={styles.label}>
        {label}
        <RequiredMark required={required} />
      </legend>
      {children}
      <Messages id={id} error={error} hint={hint} />
    </fieldset>
  );
}
