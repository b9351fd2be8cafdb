import path from 'node:path';
import { buildSync } from 'esbuild';

/** Where `npm start` and the e2e tests find the compiled server (git-ignored). */
export const SERVER_BUNDLE = path.join('dist-server', 'index.js');

/**
 * Node's flags for the compiled server, written out again in package.json's `start` (a unit test
 * holds the two together). The old-space cap is what keeps a loaded server under the 200 MB RSS
 * budget: its live heap is ~40 MB, but under 50 connections V8 let the old space fill with
 * promoted garbage up to ~200 MB before collecting (peak RSS 255-275 MB, issue 28). With the cap
 * it collects at ~100 MB (peak RSS ~170 MB) at about the same throughput. The cap is four times
 * the live heap: a server that truly needs more stops and is restarted, as on any fatal error.
 * The young generation's 8 MB semi-spaces (16 by default) keep peak RSS ~17 MB lower (155
 * against 172 MB at 50 connections, in every run), where the bench had seen a 215 MB peak; CPU
 * per request within noise (issue 28, tenth pass).
 * The old generation grows to 2.5 times what survived its last full collection before the next
 * (--heap-growing-percent=150; V8 picks ~1.1-1.5 itself under a cap this small). Under load most
 * of what gets promoted is requests that were in flight, dead by the next full collection: run
 * less often, those collections cost a support post 13% less CPU (6,900 against 6,100 req/s,
 * p99 20 against 28 ms). It fits the budget because the heap no longer carries the Redis, pg
 * and MCP libraries a server may never use (loaded on demand): live heap ~21 MB, peak RSS
 * ~167 MB (eleventh pass).
 * V8 reads heap sizes only at start-up (v8.setFlagsFromString is too late), hence a flag.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-old-space-size=160', '--max-semi-space-size=8', '--heap-growing-percent=150'] as const;

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
