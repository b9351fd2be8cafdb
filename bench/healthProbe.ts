import http from 'node:http';
import type { Outcome } from './rawClient';

/**
 * The load balancer of the overload section (bench/overload.ts), in a process of its own as a
 * balancer is: GET the URL every INTERVAL ms over one kept-alive connection, each probe after the
 * last one's answer. In the bench's own process the probes waited behind the event loop of the
 * crowd it drives, and timed that loop rather than the server. On SIGTERM it prints each probe's
 * status (or network error) and time as one JSON line, then exits.
 *
 * Usage: tsx bench/healthProbe.ts <url> <intervalMs>
 */
const [url, intervalArg] = process.argv.slice(2);
if (!url) throw new Error('usage: healthProbe.ts <url> <intervalMs>');
const interval = Number(intervalArg ?? 20);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const probes: Outcome[] = [];
let stopping = false;

function probe(): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (outcome: Omit<Outcome, 'ms'>) => {
      probes.push({ ...outcome, ms: performance.now() - started });
      resolve();
    };
    http
      .get(url!, { agent }, (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode }));
        res.on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
      })
      .on('error', (err: NodeJS.ErrnoException) => done({ error: err.code ?? err.message }));
  });
}

process.on('SIGTERM', () => {
  stopping = true;
  process.stdout.write(`${JSON.stringify(probes)}\n`, () => process.exit(0));
});

void (async () => {
  console.log('listening');
  while (!stopping) {
    await probe();
    await new Promise((r) => setTimeout(r, interval));
  }
})();
