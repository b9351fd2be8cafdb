import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { controlAria, Field, type FieldProps } from './Field';
import { useEarlyInput } from './useEarlyInput';
import styles from './Control.module.css';

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export function SelectField({
  id,
  label,
  required,
  error,
  hint,
  reserveError,
  options,
  className,
  ref,
  ...select
}: Omit<FieldProps, 'trailing'> & Omit<ComponentProps<'select'>, 'id'> & { options: readonly Option[] }): ReactNode {
  const setRef = useEarlyInput(select.value, select.onChange, ref);
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} reserveError={reserveError}>
      {/* No HTML `required`: it needs an empty placeholder first option, and our selects always
          hold a valid default (spec: general, medium). aria-required keeps the field announced
          as required, like the asterisk shows. */}
      <select id={id} name={id} {...controlAria({ id, required, error, hint })} className={clsx(styles.control, className)} {...select} ref={setRef}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
