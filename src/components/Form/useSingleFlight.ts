import { useCallback, useRef } from 'react';

/**
 * Runs one submission at a time: a call made while another runs is ignored (undefined). The
 * flag is set synchronously, so a double click cannot slip through while the form awaits the
 * lazily loaded schemas (src/lib/lazySchemas.ts), before its status state has changed.
 */
export function useSingleFlight(): <T>(work: () => Promise<T>) => Promise<T | undefined> {
  const running = useRef(false);
  return useCallback(async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    try {
      return await work();
    } finally {
      running.current = false;
    }
  }, []);
}
