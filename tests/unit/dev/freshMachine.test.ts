/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEBIAN_POSTGRES, NPM_POSTGRES, UNPRIVILEGED_USER } from '@site/tests/_services/programs';

/**
 * The README's `npm test` on a machine without Chromium, Redis or PostgreSQL, run by a user who
 * is not root: it stops at once, before typecheck, lint or any test, with one line naming the
 * command to run. As root (CI) the programs are hidden for real: a private mount namespace lays
 * empty files and folders over them, so the run sees the machine a newcomer has. Without root
 * only the environment can hide them (CHROMIUM_PATH, PATH), and npm's PostgreSQL stays visible.
 * The checkout may sit in a folder only root can enter (a clone under /root, mode 0700): in the
 * namespace it is also mounted under the run's own folder, which the unprivileged user can reach.
 */

const ROOT = path.resolve(__dirname, '../../..');
const isRoot = process.getuid?.() === 0;

/**
 * A PATH with node and npm only: no redis-server, whatever the machine has. `checkout` is where
 * the run sees ROOT: a Node inside it (the project's own, node_modules/.bin/node) is linked there.
 */
function bareBin(dir: string, checkout = ROOT): string {
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const node = fs.realpathSync(process.execPath);
  fs.symlinkSync(node.startsWith(ROOT + path.sep) ? path.join(checkout, path.relative(ROOT, node)) : node, path.join(bin, 'node'));
  const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  fs.symlinkSync(fs.realpathSync(npm), path.join(bin, 'npm'));
  return bin;
}

/** Shell commands hiding each of these from this mount namespace: an empty folder, or an empty non-executable file. */
function hide(paths: string[], empty: string): string[] {
  return paths
    .filter((p) => fs.existsSync(p))
    .map((p) => (fs.statSync(p).isDirectory() ? `mount -t tmpfs -o size=1m tmpfs '${p}'` : `mount --bind '${empty}' '${p}'`));
}

/** `ubuntu`: as root, the run also sees Ubuntu's /etc/os-release, where Chromium comes from Playwright. */
function npmTest({ ubuntu = false } = {}): { status: number | null; stdout: string; stderr: string; ms: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-machine-'));
  try {
    const checkout = path.join(dir, 'checkout');
    const bin = bareBin(dir, isRoot ? checkout : ROOT);
    const env = { PATH: `${bin}:/usr/bin:/bin`, HOME: dir, npm_config_cache: path.join(dir, 'npm-cache'), npm_config_update_notifier: 'false' };
    const started = Date.now();
    let result;
    if (isRoot) {
      const empty = path.join(dir, 'empty');
      fs.writeFileSync(empty, '');
      fs.mkdirSync(checkout);
      fs.chownSync(dir, 65534, 65534);
      fs.chmodSync(dir, 0o755);
      const hidden = hide(
        [
          '/usr/bin/chromium',
          '/usr/bin/redis-server',
          // The reference samples' interpreters: a newcomer's machine may have neither.
          '/usr/bin/curl',
          '/usr/bin/python3',
          '/usr/local/bin/redis-server',
          DEBIAN_POSTGRES,
          // node_modules may be a link to another checkout's: hide the folder itself, in this namespace only.
          fs.existsSync(path.join(ROOT, 'node_modules', NPM_POSTGRES)) ? fs.realpathSync(path.join(ROOT, 'node_modules', NPM_POSTGRES)) : '',
        ].filter(Boolean),
        empty,
      );
      if (ubuntu) {
        const release = path.join(dir, 'os-release');
        fs.writeFileSync(release, 'NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n');
        hidden.push(`mount --bind '${release}' /etc/os-release`);
      }
      const envArgs = Object.entries(env).map(([k, v]) => `'${k}=${v}'`);
      // Mounted last and recursively, so what is hidden inside it (npm's PostgreSQL) stays hidden.
      hidden.push(`mount --rbind '${ROOT}' '${checkout}'`, `cd '${checkout}'`);
      const script = [...hidden, `exec runuser -u ${UNPRIVILEGED_USER} -- env -i ${envArgs.join(' ')} npm test`].join(' && ');
      result = spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    } else {
      result = spawnSync('npm', ['test'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...env, CHROMIUM_PATH: path.join(dir, 'no-chromium') } });
    }
    return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

it('npm test on a machine without the programs stops at once with one line naming the command', () => {
  const run = npmTest();
  // npm adds its own trailer ("npm error ...") to any script that fails; the rest is ours.
  const ours = run.stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm error'));
  expect(ours).toEqual([
    isRoot
      ? 'npm test needs chromium, redis-server, postgresql, curl, python3-requests, not installed here: run "sudo apt-get update && sudo apt-get install -y chromium redis-server postgresql curl python3-requests", then npm test again.'
      : // Without root only PATH hides programs: curl and Python in /usr/bin stay visible, and may lack requests.
        expect.stringMatching(
          /^npm test needs chromium, redis-server(, postgresql)?(, python3-requests)?, not installed here: run "sudo apt-get update && sudo apt-get install -y chromium redis-server( postgresql)?( python3-requests)?", then npm test again\.$/,
        ),
  ]);
  expect(run.status).not.toBe(0);
  // Nothing else ran: no section of the run began, and the step took no time.
  expect(run.stdout).not.toMatch(/==|passed|failed/);
  expect(run.ms).toBeLessThan(20_000);
}, 70_000);

// Only root can show the run another system's /etc/os-release; the decision itself is in prerequisites.test.ts.
(isRoot ? it : it.skip)('on Ubuntu, the line names Playwright\'s Chromium instead of the snap apt would install', () => {
  const run = npmTest({ ubuntu: true });
  const ours = run.stderr.split('\n').filter((line) => line.trim() && !line.startsWith('npm error'));
  expect(ours).toEqual([
    'npm test needs chromium, redis-server, postgresql, curl, python3-requests, not installed here: run "sudo apt-get update && sudo apt-get install -y redis-server postgresql curl python3-requests && sudo npx playwright-core install-deps chromium && npx playwright-core install --no-shell chromium", then npm test again.',
  ]);
  expect(run.status).not.toBe(0);
  expect(run.stdout).not.toMatch(/==|passed|failed/);
}, 70_000);
