import clsx from 'clsx';
import type { KeyboardEvent, ReactNode } from 'react';
import { tabKeyTarget, useTabRefs } from '@site/src/lib/tabs';
import styles from './Tabs.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps<T extends string> {
  /** Prefix for element ids, unique on the page. */
  idPrefix: string;
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  variant?: 'primary' | 'pill';
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move and select, Home/End jump, only the
 * selected tab is in the tab order. Hidden panels stay mounted so the form keeps its state.
 */
export default function Tabs<T extends string>({ idPrefix, label, tabs, selected, onSelect, variant = 'primary' }: TabsProps<T>): ReactNode {
  const { refFor, focus } = useTabRefs<T, HTMLButtonElement>();
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabKeyTarget(e.key, index, tabs.length);
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[next]!;
    onSelect(tab.id);
    focus(tab.id);
  };
  return (
    <div className={clsx(styles.tabs, variant === 'pill' && styles.pill)}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={refFor(t.id)}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            aria-selected={t.id === selected}
            tabIndex={t.id === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${t.id}`}
          aria-labelledby={`${idPrefix}-tab-${t.id}`}
          hidden={t.id !== selected}
          tabIndex={0}
          className={styles.panel}
        >
          {t.panel}
        </div>
      ))}
    </div>
  );
}
