import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../_lib/server';

/**
 * `npm start` is what systemd units and container images run, so it is npm that receives the
 * SIGTERM. npm forwards it to its child, the shell running the start script; the server must be
 * that child (`exec`), or it never hears the signal, is orphaned, and npm exits 143.
 */
describe('npm start and SIGTERM', () => {
  it('passes the signal to the server, which stops gracefully, and npm exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
    // The site was built before the e2e suite, so `npm start` only compiles the server here.
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: 'npm-start-password', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not serve in 90 s:\n${output}`)), 90_000);
        child.stdout.on('data', () => {
          const m = /running on http:\/\/localhost:(\d+)/.exec(output);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
        void exited.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      const healthz = () =>
        new Promise<number | string>((resolve) => {
          http.get(`http://127.0.0.1:${port}/healthz`, { agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          }).on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
        });
      expect(await healthz()).toBe(200);

      const signalled = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(25_000);
      expect(output).toContain('graceful stop');
      expect(output).toContain('shut down cleanly');
      // Nothing left serving: the server was npm's child, not an orphan.
      expect(await healthz()).toBe('ECONNREFUSED');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
