/**
 * A local HTTPS endpoint for webhook deliveries, with a certificate from a test CA made for the
 * run (openssl): the server under test trusts it through NODE_EXTRA_CA_CERTS (a child process)
 * or the outbound module's `ca` option (in-process tests).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface TestCa {
  dir: string;
  /** PEM of the CA: what the client trusts. */
  caFile: string;
  ca: string;
  key: string;
  cert: string;
}

/** A CA and a leaf certificate for 127.0.0.1, ::1, localhost and hooks.test, valid one day. */
export function makeTestCa(): TestCa {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-ca-'));
  const f = (n: string) => path.join(dir, n);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '1', '-subj', '/CN=Ledgerline webhook test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('leaf.key'), '-out', f('leaf.csr'), '-subj', '/CN=hooks.test');
  fs.writeFileSync(f('leaf.ext'), 'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost,DNS:hooks.test\nextendedKeyUsage=serverAuth\n');
  ssl('x509', '-req', '-in', f('leaf.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('leaf.pem'), '-days', '1', '-extfile', f('leaf.ext'));
  return { dir, caFile: f('ca.pem'), ca: fs.readFileSync(f('ca.pem'), 'utf8'), key: fs.readFileSync(f('leaf.key'), 'utf8'), cert: fs.readFileSync(f('leaf.pem'), 'utf8') };
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body, byte for byte. */
  body: Buffer;
  /** SNI the client sent (false: none). */
  servername: string | false;
}

export interface Answer {
  status: number;
  /** Wait this long before answering (a slow endpoint). */
  delayMs?: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface TestEndpoint {
  port: number;
  url: (p?: string) => string;
  received: Received[];
  /** How the next requests are answered, in order; the last one repeats. */
  answers: Answer[];
  /** The most requests that were in progress at once. */
  maxConcurrent: () => number;
  /** Resolves when `n` requests have been received. */
  waitFor: (n: number, timeoutMs?: number) => Promise<Received[]>;
  close: () => Promise<void>;
}

/** `port`: listen there again (a restart scenario); default a free one. */
export async function startEndpoint(ca: TestCa, answers: Answer[] = [{ status: 200, body: '{"received":true}' }], port = 0): Promise<TestEndpoint> {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const endpoint = { answers } as TestEndpoint;
  let active = 0;
  let maxActive = 0;
  const server = https.createServer({ key: ca.key, cert: ca.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    active++;
    maxActive = Math.max(maxActive, active);
    res.on('close', () => active--);
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const tls = req.socket as import('node:tls').TLSSocket;
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), servername: (tls as unknown as { servername: string | false }).servername });
      const answer = endpoint.answers.length > 1 ? endpoint.answers.shift()! : endpoint.answers[0]!;
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' });
      res.end(answer.body ?? '');
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const bound = (server.address() as { port: number }).port;
  Object.assign(endpoint, {
    port: bound,
    url: (p = '/webhooks') => `https://127.0.0.1:${bound}${p}`,
    received,
    maxConcurrent: () => maxActive,
    waitFor: async (n: number, timeoutMs = 8_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`endpoint received ${received.length} of ${n} requests in ${timeoutMs} ms`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  });
  return endpoint;
}
