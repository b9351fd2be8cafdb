import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { scheduleActivation } from './_scheduler';
import styles from './styles.module.css';

/**
 * Server-rendered content that React takes over later instead of during page hydration.
 *
 * Why: the API reference pages server-render ~50 endpoint and event cards (6,000+ elements).
 * Hydrating them all happened in one long main-thread task, about 700 ms on a throttled phone
 * (Lighthouse total blocking time). An island keeps the server HTML untouched while the page
 * hydrates, then renders its content for real when it comes within a screen of the viewport or
 * takes keyboard focus (the focused element gets focus back in the rendered markup).
 *
 * How: while deferred, the wrapper is rendered with an empty `dangerouslySetInnerHTML` and
 * `suppressHydrationWarning`; React does not compare or replace the inner HTML of such an element
 * when hydrating, so the server markup stays visible, crawlable and searchable. On activation the
 * client renders identical markup in its place. On client-side navigation (no server HTML) the
 * content renders immediately like any other component.
 */
export default function LazyHydrate({ children }: { children: ReactNode }): ReactNode {
  const isBrowser = useIsBrowser();
  // Deferred only when this first client render hydrates server HTML (isBrowser is still false).
  const [live, setLive] = useState(() => !ExecutionEnvironment.canUseDOM || isBrowser);
  const ref = useRef<HTMLDivElement>(null);
  // Index of the element that had focus in the server markup, to give it back after activation.
  const focusIndex = useRef(-1);

  useEffect(() => {
    const el = ref.current;
    if (live || !el) return;
    const onFocusIn = (event: FocusEvent): void => {
      focusIndex.current = Array.prototype.indexOf.call(el.querySelectorAll('*'), event.target);
      setLive(true);
    };
    el.addEventListener('focusin', onFocusIn);
    const cancel = scheduleActivation(el, () => setLive(true));
    return () => {
      el.removeEventListener('focusin', onFocusIn);
      cancel();
    };
  }, [live]);

  useLayoutEffect(() => {
    if (!live || focusIndex.current < 0) return;
    const target = ref.current?.querySelectorAll('*')[focusIndex.current];
    focusIndex.current = -1;
    if (target instanceof HTMLElement) target.focus();
  }, [live]);

  // Distinct keys: React must drop the server markup element, not append to it.
  return live ? (
    <div key="live" ref={ref} className={styles.island}>
      {children}
    </div>
  ) : (
    <div key="deferred" ref={ref} className={styles.island} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  );
}
