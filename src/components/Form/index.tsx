import clsx from 'clsx';
import { useCallback, useEffect, useRef, type ChangeEvent, type ComponentProps, type ReactNode, type Ref } from 'react';
import styles from './styles.module.css';

export { useFormToken } from './useFormToken';
export { useSingleFlight } from './useSingleFlight';

interface FieldBase {
  id: string;
  label: string;
  required?: boolean;
  /** Shown under the field and announced; also sets aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Keep a line free under the field for its error, so an error appearing moves nothing (dialogs). */
  reserveError?: boolean;
}

function FieldShell({ id, label, required, error, hint, reserveError, children }: FieldBase & { children: ReactNode }): ReactNode {
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
      {/* A non-breaking space gives the placeholder exactly a one-line error's height. */}
      {reserveError && !error && !hint && (
        <p className={styles.fieldError} aria-hidden="true">
          {'\u00a0'}
        </p>
      )}
    </div>
  );
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what someone typed (or the browser autofilled) before the page became interactive.
 * The server HTML is usable at once and the scripts start after the first paint, so early input
 * sits in the DOM while React's state is still empty: right after hydration the field reports
 * it through its own onChange, as if it had just been typed. Handlers read `target.value` only.
 */
function useEarlyInput<E extends Control>(value: unknown, onChange: ((e: ChangeEvent<E>) => void) | undefined, ref: Ref<E> | undefined) {
  const own = useRef<E | null>(null);
  useEffect(() => {
    const el = own.current;
    if (!el || !onChange || value === undefined || el.value === String(value)) return;
    onChange({ target: el, currentTarget: el } as ChangeEvent<E>);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);
  return useCallback(
    (el: E | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export function TextField({ id, label, required, error, hint, reserveError, className, ref, ...input }: FieldBase & Omit<ComponentProps<'input'>, 'id'>): ReactNode {
  const setRef = useEarlyInput(input.value, input.onChange, ref);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint} reserveError={reserveError}>
      <input
        id={id}
        name={id}
        required={required}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={clsx(styles.control, className)}
        {...input}
        ref={setRef}
      />
    </FieldShell>
  );
}

export function TextAreaField({ id, label, required, error, hint, className, ref, ...input }: FieldBase & Omit<ComponentProps<'textarea'>, 'id'>): ReactNode {
  const setRef = useEarlyInput(input.value, input.onChange, ref);
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
        ref={setRef}
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
  ref,
  ...select
}: FieldBase & Omit<ComponentProps<'select'>, 'id'> & { options: readonly { value: string; label: string }[] }): ReactNode {
  const setRef = useEarlyInput(select.value, select.onChange, ref);
  return (
    <FieldShell id={id} label={label} required={required} error={error} hint={hint}>
      {/* No HTML `required`: it needs an empty placeholder first option, and our selects always
          hold a valid default (spec: general, medium). aria-required keeps the field announced
          as required, like the asterisk shows. */}
      <select
        id={id}
        name={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={clsx(styles.control, className)}
        {...select}
        ref={setRef}
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
