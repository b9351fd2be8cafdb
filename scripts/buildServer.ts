import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/** Where `npm start` and the e2e tests find the compiled server (git-ignored). */
export const SERVER_BUNDLE = path.join('dist-server', 'index.js');

/**
 * Node's flags for the compiled server, read from package.json's `start` (`exec node FLAGS
 * dist-server/index.js`), the one place they are written, so that the tests and the bench run the
 * server as `npm start` does. What they are for (issue 28; valid on Node 22, 24 and 26, measured
 * again on each for issue 43: see CONTRIBUTING's table):
 * - --heap-growing-percent=150: the old generation grows to 2.5 times what survived its last full
 *   collection (V8 chose ~1.4 here). Under load most promoted objects are requests in flight,
 *   dead by the next full collection: fewer of them cost a support post 13% less CPU.
 * - --max-old-space-size=96: bounds that growth. Now and then a full collection runs while the
 *   requests in flight still look alive, and 2.5 times that took the process past the 200 MB RSS
 *   budget; the cap is about four times the live heap (21 MB idle, 25 MB under load).
 * - --max-semi-space-size=8: half the default young generation, ~17 MB less peak RSS at the same
 *   CPU per request.
 * - --no-allocation-site-pretenuring (issue 45): once most of the objects one literal made have
 *   survived young collections at one time, V8 makes every later one in the old generation, for
 *   good. A crowd of open connections (1,200 slow senders; 350 idle beside 150 busy clients) did
 *   that to literals each request also uses (EventEmitter's arrays of listeners, a response's
 *   headers), and from then on each request's old arrays kept the rest of it alive through young
 *   collections: ~10 kB promoted per checkout and V8's collector threads at a third of a core,
 *   until the process ended. Without pretenuring, ~1 kB and an eighth (CONTRIBUTING's table).
 * V8 reads heap sizes only at start-up (v8.setFlagsFromString is too late), hence flags.
 */
export function serverNodeFlags(root = path.resolve(__dirname, '..')): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = new RegExp(`\\bexec node ((?:--[\\w=-]+ )*)${SERVER_BUNDLE.replace(/[./]/g, '\\$&')}$`).exec(pkg.scripts.start);
  if (!command) throw new Error(`package.json's start must end with "exec node [--flags] ${SERVER_BUNDLE}"`);
  return command[1]!.trim().split(' ').filter(Boolean);
}

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
    target: 'node22',
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
