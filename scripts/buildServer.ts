import path from 'node:path';
import { buildSync } from 'esbuild';

/** Where `npm start` and the e2e tests find the compiled server (git-ignored). */
export const SERVER_BUNDLE = path.join('dist-server', 'index.js');

/**
 * Node's flags for the compiled server, written out again in package.json's `start` (a unit test
 * holds the two together). Together they keep a loaded server under the 200 MB RSS budget while
 * full collections stay rare (issue 28):
 * - The old generation grows to 2.5 times what survived its last full collection before the
 *   next (--heap-growing-percent=150; V8 chose ~1.4 itself here). Under load most of what gets
 *   promoted is requests that were in flight, dead by the next full collection: run less often,
 *   those collections cost a support post 13% less CPU (6,900 against 6,100 req/s, p99 20
 *   against 28 ms), a keyed checkout 11%.
 * - The old-space cap (96 MB) bounds that growth: now and then a full collection runs while the
 *   requests in flight still look alive (62 MB "live" where it is usually 25), and 2.5 times
 *   that took the heap past 120 MB and the process past 200 MB RSS in one run in three. With
 *   the cap, peak RSS was 150-154 MB in every run at the same throughput. The cap is about four
 *   times the live heap (21 MB idle, 25 under load, since the Redis, pg and MCP libraries load
 *   only when used): a server that truly needs more stops and is restarted, as on any fatal error.
 * - 8 MB young-generation semi-spaces (16 by default) keep peak RSS ~17 MB lower at the same CPU
 *   per request (tenth pass).
 * V8 reads heap sizes only at start-up (v8.setFlagsFromString is too late), hence flags.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=96', '--max-semi-space-size=8', '--heap-growing-percent=150'] as const;

/**
 * Compiles the API server (and the shared data and schemas it imports) to one plain-JS file,
 * leaving npm packages as ordinary requires. Production then runs plain `node`: under the tsx
 * loader the server used ~38 MB more memory (its module-hook thread), which pushed it past the
 * 200 MB budget under load. Takes well under a second, so it simply runs at every start.
 */
export function buildServer(root = path.resolve(__dirname, '..')): string {
  const outfile = path.join(root, SERVER_BUNDLE);
  buildSync({
    entryPoints: [path.join(root, 'api-server', 'src', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    // The bundle is what `npm start` runs: production unless the caller says otherwise (Express
    // then never renders stack traces). `npm run dev` runs the sources and stays development.
    banner: { js: "process.env.NODE_ENV ||= 'production';" },
  });
  return outfile;
}
