/**
 * What an island waits for before it renders on its own (scheduled) activation: chunks its
 * rendered markup needs, so that it replaces the server HTML with the same content rather than
 * with a Suspense fallback. Client modules register them (src/clientModules/codeBlocks.ts: the
 * code block chunk, for islands that show code).
 */
type Prepare = (island: Element) => Promise<unknown> | undefined;

const preparers: Prepare[] = [];

export function beforeIslandRenders(prepare: Prepare): void {
  preparers.push(prepare);
}

export function prepareIsland(island: Element): Promise<unknown> {
  return Promise.all(preparers.map((prepare) => prepare(island)));
}
