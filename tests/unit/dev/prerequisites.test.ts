/**
 * @jest-environment node
 */
import { BENCH, ensurePrerequisites, type Host } from '@site/scripts/prerequisites';
import { chromiumPath, DEBIAN_POSTGRES, NPM_POSTGRES, postgresBinDir, UNPRIVILEGED_USER, type Machine } from '@site/tests/_services/programs';

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

const PLAYWRIGHT_CHROMIUM = '/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const DEBIAN_RELEASE = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const UBUNTU_RELEASE = 'PRETTY_NAME="Ubuntu 24.04.2 LTS"\nID=ubuntu\nID_LIKE=debian\n';
const APT_CHROMIUM = 'Package: chromium\nVersion: 156.0.8078.79-1~deb12u1\nDescription: web browser\n';
// What Ubuntu's apt offers under the name: a package that installs the snap (or, on some releases, nothing).
const APT_SNAP_CHROMIUM = 'Package: chromium\nVersion: 2:1snap1-0ubuntu2\nDepends: snapd\nDescription: Transitional package - chromium -> chromium snap\n';

/**
 * A machine with these executables; `runsAsServerUser` says which command lines PostgreSQL's user may run.
 * `installs` appear once apt-get installs, Playwright's Chromium once its CLI does.
 */
function fake({
  uid = 1000,
  executables = [] as string[],
  npmPostgres = false,
  runsAsServerUser = (_commandLine: string): boolean => true,
  installs = [] as string[],
  aptFails = false,
  osRelease = DEBIAN_RELEASE,
  // null: apt has no such package (undefined would take this default).
  aptChromium = APT_CHROMIUM as string | null,
  playwrightRuns = true,
  playwrightFails = false,
  // Programs the step checks by running them (curl, python3 with requests), absent until apt installs them.
  absentUntilInstalled = [] as string[],
} = {}): Fake {
  const files = new Set(executables);
  const absent = new Set(absentUntilInstalled);
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
      if (cmd === PLAYWRIGHT_CHROMIUM) return playwrightRuns;
      if (absent.has(cmd)) return false;
      return runsAsServerUser(line);
    },
    output: (cmd, args) => {
      runs.push(`check: ${[cmd, ...args].join(' ')}`);
      return cmd === 'apt-cache' && args.at(-1) === 'chromium' ? (aptChromium ?? undefined) : undefined;
    },
    readFile: (file) => (file === '/etc/os-release' ? osRelease : undefined),
    playwrightChromium: () => PLAYWRIGHT_CHROMIUM,
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
      if (cmd === 'apt-get' && args[0] === 'install' && !aptFails) {
        for (const f of installs) files.add(f);
        absent.clear();
      }
      if (cmd === 'npx' && args[0] === 'playwright-core') {
        if (playwrightFails) return 1;
        files.add(PLAYWRIGHT_CHROMIUM);
      }
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

  it('speaks of the command that was run: npm run bench needs the same programs', () => {
    const host = fake({ executables: [REDIS, ...PG.map((p) => `${NPM_BIN}/${p}`)], npmPostgres: true });
    expect(ensurePrerequisites(host, BENCH)).toBe(false);
    expect(host.lines).toEqual(['npm run bench needs chromium, not installed here: run "sudo apt-get update && sudo apt-get install -y chromium", then npm run bench again.']);
  });

  it('names curl and Python\'s requests when the samples cannot run', () => {
    const host = fake({ executables: [CHROMIUM, REDIS, ...DEBIAN_PG], absentUntilInstalled: ['curl', 'python3'] });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines).toEqual(['npm test needs curl, python3-requests, not installed here: run "sudo apt-get update && sudo apt-get install -y curl python3-requests", then npm test again.']);
    expect(host.runs).toEqual(expect.arrayContaining(['check: curl --version', 'check: python3 -c import requests']));
  });
});

describe('as root, the samples\' interpreters', () => {
  it('installs curl and python3-requests with apt', () => {
    const host = fake({ uid: 0, executables: [APT, CHROMIUM, REDIS, ...DEBIAN_PG], absentUntilInstalled: ['curl', 'python3'] });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(actions(host)).toEqual(['apt-get update -qq', 'apt-get install -y -qq curl python3-requests']);
  });
});

describe('as root', () => {
  it('installs the missing Debian packages, says so in one line, and stops the services Debian starts', () => {
    const host = fake({ uid: 0, executables: [APT, ...PG.map((p) => `${NPM_BIN}/${p}`)], npmPostgres: true, installs: [CHROMIUM, REDIS] });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(host.lines).toEqual(["npm test: installing Debian's chromium, redis-server for the tests (apt-get update && apt-get install -y chromium redis-server)"]);
    expect(actions(host)).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium redis-server', 'service redis-server stop']);
  });

  it('installs for npm run bench the same way, saying it is for the bench', () => {
    const host = fake({ uid: 0, executables: [APT, ...PG.map((p) => `${NPM_BIN}/${p}`)], npmPostgres: true, installs: [CHROMIUM, REDIS] });
    expect(ensurePrerequisites(host, BENCH)).toBe(true);
    expect(host.lines).toEqual(["npm run bench: installing Debian's chromium, redis-server for the bench (apt-get update && apt-get install -y chromium redis-server)"]);
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

describe('on Ubuntu, whose chromium packages install a snap: Playwright\'s Chromium', () => {
  const NPM_PG_AS_ROOT_FAILS = { npmPostgres: true, runsAsServerUser: (line: string) => !line.includes(NPM_BIN) };

  it('as root, installs Redis and PostgreSQL with apt and Chromium with Playwright, in one line', () => {
    const host = fake({
      uid: 0,
      osRelease: UBUNTU_RELEASE,
      executables: [APT, ...PG.map((p) => `${NPM_BIN}/${p}`)],
      ...NPM_PG_AS_ROOT_FAILS,
      installs: [REDIS, ...DEBIAN_PG],
    });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(host.lines).toEqual([
      "npm test: installing Debian's redis-server, postgresql and Playwright's Chromium for the tests (apt-get update && apt-get install -y redis-server postgresql; npx playwright-core install --with-deps --no-shell chromium)",
    ]);
    expect(actions(host)).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq redis-server postgresql',
      'service postgresql stop',
      'service redis-server stop',
      'npx playwright-core install --with-deps --no-shell chromium',
    ]);
    expect(chromiumPath(host.machine)).toBe(PLAYWRIGHT_CHROMIUM);
  });

  it('as root with only Chromium missing, runs Playwright alone', () => {
    const host = fake({ uid: 0, osRelease: UBUNTU_RELEASE, executables: [APT, REDIS, ...DEBIAN_PG] });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(actions(host)).toEqual(['npx playwright-core install --with-deps --no-shell chromium']);
    expect(host.lines).toEqual(["npm test: installing Playwright's Chromium for the tests (npx playwright-core install --with-deps --no-shell chromium)"]);
  });

  it('without root, stops with one line naming the commands, and runs nothing', () => {
    const host = fake({ osRelease: UBUNTU_RELEASE, executables: [APT] });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines).toEqual([
      'npm test needs chromium, redis-server, postgresql, not installed here: run "sudo apt-get update && sudo apt-get install -y redis-server postgresql && sudo npx playwright-core install-deps chromium && npx playwright-core install --no-shell chromium", then npm test again.',
    ]);
    expect(actions(host)).toEqual([]);
  });

  it('without root and only Chromium missing, names only Playwright\'s commands', () => {
    const host = fake({ osRelease: 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\n', executables: [REDIS, ...DEBIAN_PG] });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines).toEqual([
      'npm test needs chromium, not installed here: run "sudo npx playwright-core install-deps chromium && npx playwright-core install --no-shell chromium", then npm test again.',
    ]);
  });

  it('a downloaded build that cannot run (its libraries missing) counts as missing, and as root gets them', () => {
    const host = fake({ uid: 0, osRelease: UBUNTU_RELEASE, executables: [APT, REDIS, ...DEBIAN_PG, PLAYWRIGHT_CHROMIUM], playwrightRuns: false });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.runs).toContain(`check: ${PLAYWRIGHT_CHROMIUM} --version`);
    expect(actions(host)).toEqual(['npx playwright-core install --with-deps --no-shell chromium']);
    expect(host.lines[1]).toBe('npm test: Playwright did not install its Chromium: run "npx playwright-core install --with-deps --no-shell chromium" to see why.');
  });

  it('says in one more line when Playwright fails', () => {
    const host = fake({ uid: 0, osRelease: UBUNTU_RELEASE, executables: [APT, REDIS, ...DEBIAN_PG], playwrightFails: true });
    expect(ensurePrerequisites(host)).toBe(false);
    expect(host.lines).toHaveLength(2);
    expect(host.lines[1]).toBe('npm test: Playwright did not install its Chromium: run "npx playwright-core install --with-deps --no-shell chromium" to see why.');
  });
});

describe("elsewhere, when apt's chromium is not the browser", () => {
  it.each([
    ['installs a snap', APT_SNAP_CHROMIUM],
    ['is missing', null],
  ])('as root, switches to Playwright\'s when it %s, after saying so', (_case, aptChromium) => {
    const host = fake({ uid: 0, executables: [APT, ...DEBIAN_PG], aptChromium, installs: [REDIS] });
    expect(ensurePrerequisites(host)).toBe(true);
    expect(host.runs).toContain('check: apt-cache show --no-all-versions chromium');
    expect(actions(host)).toEqual([
      'apt-get update -qq',
      'apt-get install -y -qq redis-server',
      'service redis-server stop',
      'npx playwright-core install --with-deps --no-shell chromium',
    ]);
    expect(host.lines).toEqual([
      "npm test: installing Debian's chromium, redis-server for the tests (apt-get update && apt-get install -y chromium redis-server)",
      "npm test: apt offers no Chromium that runs here (none, or one that installs a snap): installing Playwright's instead (npx playwright-core install --with-deps --no-shell chromium)",
    ]);
  });
});

describe('which Chromium the tests run', () => {
  it("CHROMIUM_PATH, else Debian's, else Playwright's downloaded build", () => {
    const host = fake({ executables: ['/opt/chrome', CHROMIUM, PLAYWRIGHT_CHROMIUM] });
    host.machine.env.CHROMIUM_PATH = '/opt/chrome';
    expect(chromiumPath(host.machine)).toBe('/opt/chrome');
    delete host.machine.env.CHROMIUM_PATH;
    expect(chromiumPath(host.machine)).toBe(CHROMIUM);
    host.executables.delete(CHROMIUM);
    expect(chromiumPath(host.machine)).toBe(PLAYWRIGHT_CHROMIUM);
    host.executables.delete(PLAYWRIGHT_CHROMIUM);
    expect(chromiumPath(host.machine)).toBe(CHROMIUM);
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
