import clsx from 'clsx';
import type { ReactNode } from 'react';
import Icon from '@site/src/components/Icon';
import styles from './CheckList.module.css';

/** A list of points, each with a green check (service cards, plan features). */
export default function CheckList({ items, className }: { items: readonly string[]; className?: string }): ReactNode {
  return (
    <ul className={clsx(styles.checks, className)}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={16} /> {item}
        </li>
      ))}
    </ul>
  );
}
