import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import styles from './styles.module.css';

export { useFormTimer } from './useFormTimer';

interface FieldBase {
  id: string;
  label: string;
  required?: boolean;
  /** Shown under the field and announced; also sets aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
}

function FieldShell({ id, label, required, error, hint, children }: FieldBase & { children: ReactNode }): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}*
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export function TextField({ id, label, required, error, hint, className, ...input }: FieldBase & Omit<ComponentProps<'input'>, 'id'>): ReactNode {
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <input
        id={id}
        name={id}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={clsx(styles.control, className)}
        {...input}
      />
    </FieldShell>
  );
}

export function TextAreaField({ id, label, required, error, hint, className, ...input }: FieldBase & Omit<ComponentProps<'textarea'>, 'id'>): ReactNode {
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <textarea
        id={id}
        name={id}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={clsx(styles.control, styles.textarea, className)}
        {...input}
      />
    </FieldShell>
  );
}

export function SelectField({
  id,
  label,
  required,
  error,
  hint,
  options,
  className,
  ...select
}: FieldBase & Omit<ComponentProps<'select'>, 'id'> & { options: readonly { value: string; label: string }[] }): ReactNode {
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      <select
        id={id}
        name={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={clsx(styles.control, className)}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** Hidden from people and assistive tech; bots fill it. The server discards such posts. */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }): ReactNode {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }): ReactNode {
  return <span className={styles.spinner} role="status" aria-label={label} />;
}

/** A form-level message above the form: errors are alerts, successes are polite status. */
export function FormAlert({ kind, children }: { kind: 'error' | 'success'; children: ReactNode }): ReactNode {
  return (
    <div className={clsx(styles.alert, kind === 'error' ? styles.alertError : styles.alertSuccess)} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
