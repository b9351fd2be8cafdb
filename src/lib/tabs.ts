import { useCallback, useRef } from 'react';

/**
 * The WAI-ARIA tabs pattern's moves: the index ArrowRight, ArrowLeft (both wrapping), Home or End
 * lead to from `index` among `count` tabs; undefined for any other key.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  return { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[key];
}

/** Each tab's element by id, for moving focus: `ref={refFor(id)}`, then `focus(id)`. */
export function useTabRefs<K, E extends HTMLElement>(): { refFor: (id: K) => (el: E | null) => void; focus: (id: K) => void } {
  const refs = useRef(new Map<K, E>());
  const refFor = useCallback(
    (id: K) => (el: E | null) => {
      if (el) refs.current.set(id, el);
      else refs.current.delete(id);
    },
    [],
  );
  const focus = useCallback((id: K) => refs.current.get(id)?.focus(), []);
  return { refFor, focus };
}
