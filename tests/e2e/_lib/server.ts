import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, serverNodeFlags } from '../../../scripts/buildServer';

export const ROOT = path.resolve(__dirname, '../../..');

let bundle: string | undefined;
/** The server compiled as `npm start` runs it; compiled once per test process, so edits count. */
function serverBundle(): string {
  bundle ??= buildServer(ROOT);
  return bundle;
}
/**
 * The Node flags `npm start` gives the server, or BENCH_NODE_FLAGS's: how the bench measures
 * the server without them (`BENCH_NODE_FLAGS=--enable-source-maps`, or "" for none).
 */
function nodeFlags(): string[] {
  const chosen = process.env.BENCH_NODE_FLAGS;
  return chosen === undefined ? serverNodeFlags(ROOT) : chosen.split(' ').filter(Boolean);
}

/** Servers this test file started and has not seen exit. */
const live = new Set<ChildProcess>();
// A test that fails before its own stop() must not leave its server running: a live child keeps
// jest from exiting, and CI then waits out its whole timeout instead of reporting the failure.
if (typeof afterAll === 'function') {
  afterAll(() => {
    for (const child of live) child.kill('SIGKILL');
  });
}

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;
export const SETUP_PASSWORD = 'E2E-SETUP-PASSWORD';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed, for assertions and debugging. */
  output: () => string;
  /** SIGTERM and wait for a clean exit; resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a data directory (restart scenarios); a fresh temporary one otherwise. */
  dataDir?: string;
  port?: number;
}

/**
 * Starts the real production server (site + API) exactly as `npm start` runs it, minus the
 * build step: the test runner builds the site before the e2e suite.
 */
export function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const child = spawn(process.execPath, [...nodeFlags(), serverBundle()], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(options.port ?? 0),
      DATA_DIR: dataDir,
      BUILD_DIR: path.join(ROOT, 'build'),
      ADMIN_USER: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SETUP_PASSWORD,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000',
      MAIL_RETRY_BASE_MS: '200',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 20 s:\n${output}`)), 20_000);
    const onData = () => {
      const m = /running on http:\/\/localhost:(\d+)/.exec(output);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      const port = Number(m[1]);
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        dataDir,
        process: child,
        output: () => output,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
}
