import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import styles from './LinkButton.module.css';

/** A button that reads as a link inside text (fix suggestions, "edit" shortcuts, restore). */
export default function LinkButton({ className, type = 'button', ...rest }: ComponentProps<'button'>): ReactNode {
  return <button type={type} className={clsx(styles.linkButton, className)} {...rest} />;
}
