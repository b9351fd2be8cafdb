import { useCallback, useEffect, useRef, type ChangeEvent, type Ref } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what someone typed (or the browser autofilled) before the page became interactive.
 * The server HTML is usable before the deferred bundles have loaded and hydrated it, so early
 * input sits in the DOM while React's state is still empty: right after hydration the field
 * reports it through its own onChange, as if it had just been typed. Handlers read
 * `target.value` only.
 */
export function useEarlyInput<E extends Control>(value: unknown, onChange: ((e: ChangeEvent<E>) => void) | undefined, ref: Ref<E> | undefined) {
  const own = useRef<E | null>(null);
  useEffect(() => {
    const el = own.current;
    if (!el || !onChange || value === undefined || el.value === String(value)) return;
    onChange({ target: el, currentTarget: el } as ChangeEvent<E>);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, right after hydration
  }, []);
  return useCallback(
    (el: E | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
}
