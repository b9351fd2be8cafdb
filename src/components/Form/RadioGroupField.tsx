import type { ReactNode } from 'react';
import { FieldGroup, type FieldProps } from './Field';
import styles from './RadioGroup.module.css';

export interface RadioOption<V extends string> {
  value: V;
  /** What the card shows; its text is the option's accessible name. */
  label: ReactNode;
}

/** One choice out of a few, shown as cards (native radios underneath: arrow keys, one tab stop). */
export function RadioGroupField<V extends string>({
  id,
  label,
  required,
  error,
  hint,
  options,
  value,
  onChange,
}: Omit<FieldProps, 'reserveError' | 'trailing'> & { options: readonly RadioOption<V>[]; value: V; onChange: (value: V) => void }): ReactNode {
  return (
    <FieldGroup id={id} label={label} required={required} error={error} hint={hint}>
      <div className={styles.grid}>
        {options.map((o) => (
          <label key={o.value} className={styles.option}>
            <input type="radio" name={id} value={o.value} checked={value === o.value} required={required} aria-invalid={error ? true : undefined} onChange={() => onChange(o.value)} className={styles.input} />
            {o.label}
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
