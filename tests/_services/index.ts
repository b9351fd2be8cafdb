import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { asServerUser, isRoot, NPM_POSTGRES, postgresBinDir, thisMachine, UNPRIVILEGED_USER } from './programs';

/**
 * Private PostgreSQL and Redis servers for the tests: each in a temporary folder, on a free
 * loopback port, started and stopped by the test run itself, so no test depends on (or
 * disturbs) anything already running on the machine. See ../shared/TOOLCHAIN.md.
 */

export interface RunningService {
  url: string;
  port: number;
  stop: () => void;
}

/** A PostgreSQL the test can stop and start again on the same port and data, as an outage does. */
export interface RestartablePostgres extends RunningService {
  /** pg_ctl stop -m fast: connections are closed, the port refuses. */
  halt: () => void;
  /** pg_ctl start on the same port and data; returns once it accepts connections. */
  restart: () => void;
  /**
   * SIGSTOP to the server and all its processes: connections stay open and queries sent on them
   * hang unanswered, as on a database stuck behind a lock, a full disk or a frozen machine.
   */
  pause: () => void;
  /** SIGCONT to them all: the hung queries go on. */
  resume: () => void;
}

/** The postmaster of `data` and its children (backends, background workers), from /proc. */
function postgresProcesses(data: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        // The parent's pid is the second field after the command, which is in parentheses.
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let binDir: string | undefined;
/** See ./programs.ts for which PostgreSQL runs; `npm test` has checked there is one. */
function postgresBin(name: string): string {
  binDir ??= postgresBinDir();
  if (!binDir) throw new Error(`no PostgreSQL runs here (neither ${NPM_POSTGRES} from npm nor Debian's postgresql): npm test says what to install`);
  return path.join(binDir, name);
}

/** initdb refuses to run as root: as root the server runs as an unprivileged user (./programs.ts). */
function runAsOwner(bin: string, args: string[]): void {
  const [cmd, argv] = asServerUser(bin, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
}

export async function startPostgres(): Promise<RestartablePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-test-'));
  if (isRoot(thisMachine)) execFileSync('chown', [UNPRIVILEGED_USER, dir]);
  const port = await freePort();
  const data = path.join(dir, 'data');
  runAsOwner(postgresBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  // fsync stays on (the default): the tests exercise the same durability as production.
  const start = () =>
    runAsOwner(postgresBin('pg_ctl'), [
      '-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
  start();
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    halt: () => runAsOwner(postgresBin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    restart: start,
    // The children first: a stopped postmaster with running children would still answer queries.
    pause: () => {
      for (const pid of postgresProcesses(data).reverse()) process.kill(pid, 'SIGSTOP');
    },
    resume: () => {
      for (const pid of postgresProcesses(data)) process.kill(pid, 'SIGCONT');
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        try {
          if (fs.existsSync(path.join(data, 'postmaster.pid'))) for (const pid of postgresProcesses(data)) process.kill(pid, 'SIGCONT');
        } catch {
          // Gone already.
        }
        // Already halted by the test: nothing to stop.
        if (fs.existsSync(path.join(data, 'postmaster.pid'))) runAsOwner(postgresBin('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** `port`: start on that one, e.g. to bring back a server a test stopped, at the address clients know. */
export async function startRedis(port?: number): Promise<RunningService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-test-'));
  port ??= await freePort();
  const pidfile = path.join(dir, 'redis.pid');
  const result = spawnSync(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes', '--pidfile', pidfile, '--dir', dir, '--logfile', path.join(dir, 'log')],
    { encoding: 'utf8' },
  );
  if (result.error || result.status !== 0) {
    throw new Error(`redis-server could not start (npm test installs it, or says how): ${result.error?.message ?? result.stderr}`);
  }
  await waitForPort(port);
  let stopped = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        const pid = Number(fs.readFileSync(pidfile, 'utf8').trim());
        if (pid) process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone: nothing to stop.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
