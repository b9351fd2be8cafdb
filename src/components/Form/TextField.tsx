import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { controlAria, Field, type FieldProps } from './Field';
import { useEarlyInput } from './useEarlyInput';
import styles from './Control.module.css';

export function TextField({ id, label, required, error, hint, reserveError, trailing, className, ref, ...input }: FieldProps & Omit<ComponentProps<'input'>, 'id'>): ReactNode {
  const setRef = useEarlyInput(input.value, input.onChange, ref);
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} reserveError={reserveError} trailing={trailing}>
      <input id={id} name={id} required={required} {...controlAria({ id, required, error, hint })} className={clsx(styles.control, className)} {...input} ref={setRef} />
    </Field>
  );
}
