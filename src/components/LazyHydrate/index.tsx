import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { elementAt, pathOf, scriptedControl, type ElementPath } from './_replay';
import { scheduleActivation } from './_scheduler';
import { prepareIsland } from './_prepare';
import { IslandContext } from './_context';
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
 *
 * Clicks: the rendered markup replaces the server's, so a click on a server button has no React
 * handler, and a press whose button is replaced between pointerdown and pointerup makes no click
 * at all. So while a pointer is down in a deferred island its activation waits, and a click on a
 * button or tab of the server markup activates the island as soon as the chunks its markup needs
 * are there (at once, usually) and is replayed on the same control of the rendered markup. (React's own replay, a Suspense or Activity boundary left
 * dehydrated, cannot defer here: Docusaurus changes a context right after hydration, its
 * isBrowser flag, and React then hydrates or client-renders every dehydrated boundary at once.)
 */
export default function LazyHydrate({ children }: { children: ReactNode }): ReactNode {
  const isBrowser = useIsBrowser();
  // Deferred only when this first client render hydrates server HTML (isBrowser is still false).
  const [live, setLive] = useState(() => !ExecutionEnvironment.canUseDOM || isBrowser);
  const ref = useRef<HTMLDivElement>(null);
  // The element that had focus in the server markup, to give it focus back after activation.
  const focused = useRef<ElementPath | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (live || !el) return;
    let pressed = false;
    let wanted = false;
    // Chunks the rendered markup needs (the code block chunk, the reference's parts) are awaited
    // on every way in, so no Suspense fallback replaces the server HTML (or the control a click is
    // replayed on). If one cannot be fetched, the island stays server HTML, which shows the same
    // content, and the next focus or click tries again: rendering without it would fail.
    let prepared: Promise<boolean> | undefined;
    const ready = (): Promise<boolean> =>
      (prepared ??= prepareIsland(el).then(
        () => true,
        () => {
          prepared = undefined;
          return false;
        },
      ));
    const activate = (): void =>
      void ready().then((ok) => {
        if (!ok) return;
        if (pressed) wanted = true;
        else setLive(true);
      });
    const onPointerDown = (): void => {
      pressed = true;
    };
    // Anywhere: the pointer may be released outside the island. A click, if any, comes first.
    const onPointerUp = (): void => {
      if (!pressed) return;
      pressed = false;
      if (wanted) setTimeout(() => setLive(true), 0);
    };
    const onFocusIn = (event: FocusEvent): void => {
      focused.current = pathOf(el, event.target);
      activate();
    };
    const onClick = (event: MouseEvent): void => {
      const control = scriptedControl(event.target);
      if (!control) return;
      const path = pathOf(el, control);
      // The server button does nothing: this click happens on its rendered twin instead.
      event.preventDefault();
      event.stopPropagation();
      pressed = false;
      focused.current = null;
      void ready().then((ok) => {
        if (!ok) return;
        flushSync(() => setLive(true));
        const twin = elementAt(ref.current, path);
        twin?.focus();
        twin?.click();
      });
    };
    el.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointerup', onPointerUp, true);
    document.addEventListener('pointercancel', onPointerUp, true);
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('click', onClick, true);
    const cancel = scheduleActivation(el, activate);
    return () => {
      el.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointerup', onPointerUp, true);
      document.removeEventListener('pointercancel', onPointerUp, true);
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('click', onClick, true);
      cancel();
    };
  }, [live]);

  useLayoutEffect(() => {
    if (!live || !focused.current) return;
    const target = elementAt(ref.current, focused.current);
    focused.current = null;
    target?.focus();
  }, [live]);

  // Distinct keys: React must drop the server markup element, not append to it.
  return live ? (
    <div key="live" ref={ref} className={styles.island} data-island="">
      <IslandContext.Provider value={true}>{children}</IslandContext.Provider>
    </div>
  ) : (
    <div key="deferred" ref={ref} className={styles.island} data-island="" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  );
}
