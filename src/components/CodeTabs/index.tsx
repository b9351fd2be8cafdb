import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { CODE_LANGUAGES, CODE_TABS_GROUP, type CodeLanguage } from '@site/src/data/apiReference';
import { tabKeyTarget, useTabRefs } from '@site/src/lib/tabs';
import { choose, chosen, follow, holdAnchor, keepAnchorInPlace } from './_group';
import styles from './styles.module.css';

export interface CodeTabsProps {
  /** Source per language; languages without a source are skipped. */
  samples: Partial<Record<CodeLanguage, string>>;
  /** Override a tab label, e.g. `{ curl: 'Shell (openssl)' }` when the shell sample is not curl. */
  labels?: Partial<Record<CodeLanguage, string>>;
  title?: string;
}

// useLayoutEffect warns during server rendering; the choice is only read in the browser anyway.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * One panel. Memoised with its code block: switching tabs changes only `hidden`, so the blocks
 * (an element per highlighted token) are not rendered again.
 */
const Panel = memo(function Panel({ id, tabId, hidden, children }: { id: string; tabId: string; hidden: boolean; children: ReactNode }): ReactNode {
  return (
    <div role="tabpanel" id={id} aria-labelledby={tabId} className={styles.panel} hidden={hidden}>
      {children}
    </div>
  );
});

/**
 * Code samples in tabs synced across the site: choosing Python once shows Python in every
 * sample, and the choice is remembered (./_group.ts). The markup is that of Docusaurus's Tabs
 * (Infima's classes; every panel in the server HTML, the others hidden), so search, the
 * Markdown copies and the theme's styles read it alike. Each block gets the swizzled copy button.
 */
export default function CodeTabs({ samples, labels, title }: CodeTabsProps): ReactNode {
  const languages = useMemo(() => CODE_LANGUAGES.filter((l) => samples[l.value] !== undefined), [samples]);
  const values = useMemo(() => languages.map((l) => l.value as string), [languages]);
  const isBrowser = useIsBrowser();
  // Rendered after hydration (an island coming alive, a client-side navigation): the reader's
  // choice at once. While hydrating: the server's first tab, then the choice in a layout effect.
  const [selected, setSelected] = useState<string>(() => {
    const stored = isBrowser ? chosen(CODE_TABS_GROUP) : null;
    return stored && values.includes(stored) ? stored : values[0]!;
  });
  const id = useId();
  const { refFor, focus } = useTabRefs<string, HTMLLIElement>();

  const followed = useCallback((value: string) => setSelected((s) => (values.includes(value) ? value : s)), [values]);
  useBrowserLayoutEffect(() => {
    const stored = chosen(CODE_TABS_GROUP);
    if (stored && values.includes(stored)) setSelected(stored);
    return follow(CODE_TABS_GROUP, followed);
  }, [followed, values]);
  // The other groups change after the click: keep the clicked tab where the reader saw it.
  // Not when a group first appears (an island coming alive), only when its tab changes.
  const shown = useRef(false);
  useBrowserLayoutEffect(() => {
    if (shown.current) keepAnchorInPlace();
    shown.current = true;
  }, [selected]);

  /** Chooses `value` from the tab `from` (clicked, or pressed Enter or Space on). */
  const select = (value: string, from: HTMLElement) => {
    if (value === selected) return;
    setSelected(value);
    holdAnchor(from);
    choose(CODE_TABS_GROUP, value, followed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(values[index]!, event.currentTarget);
      return;
    }
    const next = tabKeyTarget(event.key, index, values.length);
    if (next === undefined) return;
    event.preventDefault();
    focus(values[next]!);
  };

  // Same elements on every render (samples come from the card, which a tab change leaves alone).
  const blocks = useMemo(
    () =>
      languages.map((l) => (
        <CodeBlock key={l.value} language={l.prism} title={title}>
          {samples[l.value]}
        </CodeBlock>
      )),
    [languages, samples, title],
  );

  return (
    <div className={clsx('theme-tabs-container', 'tabs-container', styles.container)}>
      <ul role="tablist" aria-orientation="horizontal" className="tabs code-tabs">
        {languages.map((l, i) => (
          <li
            key={l.value}
            ref={refFor(l.value)}
            role="tab"
            id={`${id}-tab-${l.value}`}
            aria-controls={`${id}-panel-${l.value}`}
            aria-selected={selected === l.value}
            tabIndex={selected === l.value ? 0 : -1}
            className={clsx('tabs__item', styles.tab, selected === l.value && 'tabs__item--active')}
            onClick={(e) => select(l.value, e.currentTarget)}
            onKeyDown={(e) => onKeyDown(e, i)}>
            {labels?.[l.value] ?? l.label}
          </li>
        ))}
      </ul>
      <div className="margin-top--md">
        {languages.map((l, i) => (
          <Panel key={l.value} id={`${id}-panel-${l.value}`} tabId={`${id}-tab-${l.value}`} hidden={selected !== l.value}>
            {blocks[i]}
          </Panel>
        ))}
      </div>
    </div>
  );
}
