import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { controlAria, Field, type FieldProps } from './Field';
import { useEarlyInput } from './useEarlyInput';
import styles from './Control.module.css';

export function TextAreaField({ id, label, required, error, hint, reserveError, className, ref, ...input }: Omit<FieldProps, 'trailing'> & Omit<ComponentProps<'textarea'>, 'id'>): ReactNode {
  const setRef = useEarlyInput(input.value, input.onChange, ref);
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} reserveError={reserveError}>
      <textarea id={id} name={id} required={required} {...controlAria({ id, required, error, hint })} className={clsx(styles.control, styles.textarea, className)} {...input} ref={setRef} />
    </Field>
  );
}
