import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import styles from './Card.module.css';

/** A panel of the admin page; `as="li"` for cards in a list. */
export default function Card({ as: Tag = 'section', className, ...rest }: Omit<ComponentProps<'section'>, 'ref'> & { as?: 'section' | 'li' }): ReactNode {
  return <Tag className={clsx(styles.card, className)} {...rest} />;
}

export function SectionTitle({ className, ...rest }: ComponentProps<'h2'>): ReactNode {
  return <h2 className={clsx(styles.sectionTitle, className)} {...rest} />;
}

/** A short muted sentence in a card. */
export function Hint({ className, ...rest }: ComponentProps<'p'>): ReactNode {
  return <p className={clsx(styles.hint, className)} {...rest} />;
}
