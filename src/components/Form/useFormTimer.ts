import { useCallback, useRef } from 'react';

/**
 * Measures how long the form has been open, for the server's minimum-fill-time spam check.
 * `reset` starts a new measurement (e.g. after "Send Another Message").
 */
export function useFormTimer(): { elapsedMs: () => number; reset: () => void } {
  const startedAt = useRef<number>(Date.now());
  const elapsedMs = useCallback(() => Math.max(0, Math.round(Date.now() - startedAt.current)), []);
  const reset = useCallback(() => {
    startedAt.current = Date.now();
  }, []);
  return { elapsedMs, reset };
}
