/**
 * @jest-environment node
 */
import { ensurePrerequisites, type Host } from '@site/scripts/prerequisites';
import { DEBIAN_POSTGRES, NPM_POSTGRES, postgresBinDir, UNPRIVILEGED_USER, type Machine } from '@site/tests/_services/programs';

/**
 * `npm test`'s first step decides from the machine it is shown: these tests show it machines
 * (root or not, with or without each program) and record what it runs and says. The run of the
 * real `npm test` on a machine without the programs is in freshMachine.test.ts.
 */

const NPM_DIR = `/project/node_modules/${NPM_POSTGRES}`;
const NPM_BIN = `${NPM_DIR}/native/bin`;
const PG = ['initdb', 'pg_ctl', 'postgres'];

interface Fake extends Host {
  executables: Set<string>;
  runs: string[];
  lines: string[];
}

/** A machine with these executables; `runsAsServerUser` says which command lines PostgreSQL's user may run. */
function fake({ uid = 1000, executables = [] as string[], npmPostgres = false, runsAsServerUser = (_commandLine: string): boolean => true, installs = [] as string[], aptFails = false } = {}): Fake {
  const files = new Set(executables);
  const runs: string[] = [];
  const lines: string[] = [];
  const machine: Machine = {
    uid,
    env: { PATH: '/usr/local/bin:/usr/bin' },
    isExecutable: (file) => files.has(file),
    listDir: (dir) =>
      // The version folders under it: /usr/lib/postgresql/15/bin/initdb gives 15.
      dir === DEBIAN_POSTGRES ? [...new Set([...files].filter((f) => f.startsWith(`${dir}/`)).map((f) => f.slice(dir.length + 1).split('/')[0] ?? ''))] : [],
    packageDir: (name) => (npmPostgres && name === NPM_POSTGRES ? NPM_DIR : undefined),
    succeeds: (cmd, args) => {
      const line = [cmd, ...args].join(' ');
      runs.push(`check: ${line}`);
      return runsAsServerUser(line);
    },
  };
  return {
    machine,
    executables: files,
    runs,
    lines,
    log: (line) => lines.push(line),
    run: (cmd, args) => {
      runs.push([cmd, ...args].join(' '));
      // The packages appear where Debian puts them once apt-get installs them.
      if (cmd === 'apt-get' && args[0] === 'install' && !aptFails) for (const f of installs) files.add(f);
      return cmd === 'apt-get' && aptFails && args[0] === 'install' ? 100 : 0;
    },
  };
}

const CHROMIUM = '/usr/bin/chromium';
const REDIS = '/usr/bin/redis-server';
const APT = '/usr/bin/apt-get';
const DEBIAN_PG = PG.map((p) => `${DEBIAN_POSTGRES}/15/bin/${p}`);
const actions = (host: Fake) => host.runs.filter((r) => !r.startsWith('check:'));

describe('with everything present', () => {
  it('does nothing and says nothing', () => {
    const host = fake({ executables: [CHROMIUM, REDIS, ...PG.map((p) => `${NPM_BIN}/${p}`)], npmPostgres: true });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(actions(host)).toEqual([]);
    expect(host.lines).toEqual([]);
  });

  it('finds Chromium where CHROMIUM_PATH says', () => {
    const host = fake({ executables: ['/opt/chrome', REDIS, ...DEBIAN_PG] });
    host.machine.env.CHROMIUM_PATH = '/opt/chrome';
    expect(ensurePrerequisites(host)).toBe(true);
    expect(host.lines).toEqual([]);
  });
});

describe('without root', () => {
  it('stops at once with one line naming the command, and runs nothing', () => {
    const host = fake({ executables: [APT] });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines).toEqual([
      'npm test needs chromium, redis-server, postgresql, not installed here: run "sudo apt-get update && sudo apt-get install -y chromium redis-server postgresql", then npm test again.',
    ]);
    expect(actions(host)).toEqual([]);
  });

  it('names only what is missing: npm brings PostgreSQL', () => {
    const host = fake({ executables: [REDIS, ...PG.map((p) => `${NPM_BIN}/${p}`)], npmPostgres: true });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines).toEqual(['npm test needs chromium, not installed here: run "sudo apt-get update && sudo apt-get install -y chromium", then npm test again.']);
  });
});

describe('as root', () => {
  it('installs the missing Debian packages, says so in one line, and stops the services Debian starts', () => {
    const host = fake({ uid: 0, executables: [APT, ...PG.map((p) => `${NPM_BIN}/${p}`)], npmPostgres: true, installs: [CHROMIUM, REDIS] });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(host.lines).toEqual(["npm test: installing Debian's chromium, redis-server for the tests (apt-get update && apt-get install -y chromium redis-server)"]);
    expect(actions(host)).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium redis-server', 'service redis-server stop']);
  });

  it("installs Debian's PostgreSQL when npm's cannot run as the unprivileged user (a project under /root)", () => {
    const host = fake({
      uid: 0,
      executables: [APT, CHROMIUM, REDIS, ...PG.map((p) => `${NPM_BIN}/${p}`)],
      npmPostgres: true,
      runsAsServerUser: (line) => !line.includes(NPM_BIN),
      installs: DEBIAN_PG,
    });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(host.runs).toContain(`check: runuser -u ${UNPRIVILEGED_USER} -- ${NPM_BIN}/postgres --version`);
    expect(actions(host)).toEqual(['apt-get update -qq', 'apt-get install -y -qq postgresql', 'service postgresql stop']);
    expect(host.lines).toEqual(["npm test: installing Debian's postgresql for the tests (apt-get update && apt-get install -y postgresql)"]);
    expect(postgresBinDir(host.machine)).toBe(`${DEBIAN_POSTGRES}/15/bin`);
  });

  it('says in one more line when apt-get fails, and the tests do not run', () => {
    const host = fake({ uid: 0, executables: [APT, REDIS, ...DEBIAN_PG], aptFails: true, installs: [CHROMIUM] });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines[1]).toBe('npm test: apt-get did not install chromium: run "apt-get update && apt-get install -y chromium" to see why.');
  });

  it('without apt-get, names what is missing and installs nothing', () => {
    const host = fake({ uid: 0, executables: [REDIS, ...DEBIAN_PG] });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines).toEqual(['npm test needs chromium, not installed here, and this system has no apt-get: install them with its package manager, then npm test again.']);
    expect(actions(host)).toEqual([]);
  });
});

describe('which PostgreSQL the tests run', () => {
  it("npm's before Debian's", () => {
    const host = fake({ executables: [...PG.map((p) => `${NPM_BIN}/${p}`), ...DEBIAN_PG], npmPostgres: true });
    expect(postgresBinDir(host.machine)).toBe(NPM_BIN);
  });

  it("Debian's newest when npm's is not installed, compared as numbers", () => {
    const host = fake({ executables: [...DEBIAN_PG, ...PG.map((p) => `${DEBIAN_POSTGRES}/9/bin/${p}`)] });
    expect(postgresBinDir(host.machine)).toBe(`${DEBIAN_POSTGRES}/15/bin`);
  });

  it('as root, one the unprivileged user can run, checked by running it as that user', () => {
    const host = fake({ uid: 0, executables: DEBIAN_PG });
    expect(postgresBinDir(host.machine)).toBe(`${DEBIAN_POSTGRES}/15/bin`);
    expect(host.runs).toEqual([`check: runuser -u ${UNPRIVILEGED_USER} -- ${DEBIAN_POSTGRES}/15/bin/postgres --version`]);
  });

  it('none when its programs are incomplete', () => {
    const host = fake({ executables: [`${NPM_BIN}/postgres`], npmPostgres: true });
    expect(postgresBinDir(host.machine)).toBeUndefined();
  });
});
