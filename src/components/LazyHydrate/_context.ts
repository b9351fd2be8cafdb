import { createContext, useContext } from 'react';

/**
 * True for what a LazyHydrate island renders. Its server markup is only ever shown, never
 * hydrated (the island renders itself anew in the browser), so a component inside one may
 * server-render a cheaper form of itself as long as it looks the same: src/theme/CodeBlock
 * writes its code as plain text there, and the browser highlights it when the island comes alive.
 */
export const IslandContext = createContext(false);

export const useInIsland = (): boolean => useContext(IslandContext);
