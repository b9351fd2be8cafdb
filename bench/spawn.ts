import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from './config';

export interface Child {
  process: ChildProcess;
  /** Sends SIGTERM and resolves with everything the process printed, once it has exited. */
  stop: () => Promise<string>;
}

/** Runs a TypeScript file in its own Node process and resolves once it prints `listening`. */
export function startTs(file: string, args: string[]): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    return output;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${file} did not start in 20 s:\n${output}`));
    }, 20_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (!output.includes('listening')) return;
      clearTimeout(timer);
      resolve({ process: child, stop });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${file} exited before listening:\n${output}`));
    });
  });
}
