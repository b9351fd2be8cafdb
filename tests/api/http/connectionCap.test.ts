import fs from 'node:fs';
import http, { type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { capConnectionsPerAddress, connectionCapFor, tooManyConnections } from '../../../api-server/src/http/connections';
import { answerClientError } from '../../../api-server/src/http/limits';
import { createServer } from '../../../api-server/src/http/server';
import { CONNECTIONS_PER_ADDRESS, CONNECTIONS_RETRY_AFTER_S } from '../../../src/data/operations';
import { SANDBOX_EVENT_STREAMS_PER_ADDRESS } from '../../../src/data/sandbox';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { startServer, type RunningServer } from '../../e2e/_lib/server';

/**
 * Per-address cap on open connections (issue 45): past the cap a connection is answered at once
 * with 429 JSON and closed, cleanly (an answer, never a reset), and nothing it sends reaches the
 * app; other addresses, and the same one once a connection closes, are served. A cap of 3 here;
 * production's is CONNECTIONS_PER_ADDRESS.
 */
const CAP = 3;

interface Reply {
  text: string;
  /** A reset or other socket error instead of a clean close. */
  error?: string;
}

/** Connects from `from` (any 127.x address is this machine), writes `raw`, resolves with everything read until the server closes. */
function exchange(port: number, raw: string, from = '127.0.0.1'): Promise<Reply> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('error', (err: NodeJS.ErrnoException) => resolve({ text, error: err.code ?? err.message }));
    socket.on('end', () => {
      socket.end();
      resolve({ text });
    });
    socket.write(raw);
  });
}

function idle(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.on('error', reject);
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
const status = (reply: Reply) => Number(/^HTTP\/1\.1 (\d+)/.exec(reply.text)?.[1] ?? 0);
const body = (reply: Reply) => JSON.parse(reply.text.slice(reply.text.indexOf('\r\n\r\n') + 4)) as unknown;

describe('connections per address', () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  let refused = 0;
  const reached: string[] = [];
  const held: net.Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    server = createServer(t.app);
    capConnectionsPerAddress(server, CAP, () => refused++);
    server.on('clientError', answerClientError);
    server.prependListener('request', (req: http.IncomingMessage) => reached.push(`${req.method} ${req.url}`));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    for (const s of held.splice(0)) s.destroy();
    // The server counts a connection out when it sees it close.
    await new Promise((r) => setTimeout(r, 100));
    reached.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await t.close();
  });

  /** Holds CAP idle connections, once the server has accepted them (the client may know first). */
  async function fill(): Promise<void> {
    const accepted = new Promise<void>((resolve) => {
      let left = CAP;
      const seen = () => {
        if (--left > 0) return;
        server.off('connection', seen);
        resolve();
      };
      server.on('connection', seen);
    });
    for (let i = 0; i < CAP; i++) held.push(await idle(port));
    await accepted;
  }

  it('answers a connection past the cap with 429 JSON, Retry-After and a close, before the app sees its request', async () => {
    await fill();
    const reply = await exchange(port, get('/healthz'));
    expect(reply.error).toBeUndefined();
    expect(status(reply)).toBe(429);
    expect(reply.text).toMatch(new RegExp(`\\r\\nRetry-After: ${CONNECTIONS_RETRY_AFTER_S}\\r\\n`));
    expect(reply.text).toMatch(/\r\nConnection: close\r\n/);
    expect(reply.text).toMatch(/\r\nContent-Type: application\/json/);
    expect(body(reply)).toEqual({ success: false, error: tooManyConnections(CAP) });
    expect(reached).toEqual([]);
    expect(refused).toBeGreaterThanOrEqual(1);
  });

  it('answers, not resets, a refused client still sending a form body, and never runs its post', async () => {
    await fill();
    const form = JSON.stringify({ name: 'x'.repeat(16_000) });
    // The rest of the body leaves after the answer has come: a closed socket would reset it.
    const reply = await new Promise<Reply>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      let text = '';
      socket.on('error', (err: NodeJS.ErrnoException) => resolve({ text, error: err.code ?? err.message }));
      socket.once('data', () => {
        socket.write(form.slice(100), () => setTimeout(() => socket.end(), 100));
      });
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve({ text }));
      socket.write(`POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${form.length}\r\n\r\n${form.slice(0, 100)}`);
    });
    expect(reply.error).toBeUndefined();
    expect(status(reply)).toBe(429);
    expect(reached).toEqual([]);
  });

  it('serves another address at the same time, and the same address once one of its connections closes', async () => {
    await fill();
    expect(status(await exchange(port, get('/healthz'), '127.0.0.2'))).toBe(200);
    expect(status(await exchange(port, get('/healthz')))).toBe(429);
    held.shift()!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(status(await exchange(port, get('/healthz')))).toBe(200);
    expect(reached).toEqual(['GET /healthz', 'GET /healthz']);
  });
});

describe('the cap in production', () => {
  let server: RunningServer | undefined;
  const sockets: net.Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    server = undefined;
  });

  /** Holds `count` connections to the server from 127.0.0.1, then sends one more request from there. */
  async function beyondCap(count: number): Promise<Reply> {
    for (let i = 0; i < count; i++) sockets.push(await idle(server!.port));
    // The server accepts them in turn: a probe from elsewhere is answered only after all of them.
    expect(status(await exchange(server!.port, get('/healthz'), '127.0.0.2'))).toBe(200);
    return exchange(server!.port, get('/healthz'));
  }

  it('refuses past CONNECTIONS_PER_ADDRESS where clients connect directly, and counts it in the metrics', async () => {
    server = await startServer({ env: { METRICS_TOKEN: 'connection-cap-test' } });
    const reply = await beyondCap(CONNECTIONS_PER_ADDRESS);
    expect(status(reply)).toBe(429);
    expect(body(reply)).toEqual({ success: false, error: tooManyConnections(CONNECTIONS_PER_ADDRESS) });
    const metrics = await exchange(server.port, `GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer connection-cap-test\r\nConnection: close\r\n\r\n`, '127.0.0.3');
    expect(metrics.text).toMatch(/^rate_limit_refusals_total\{limiter="connections"\} 1$/m);
  });

  it('applies no cap behind a balancer (TRUST_PROXY), whose address every connection has', async () => {
    server = await startServer({ env: { TRUST_PROXY: '1' } });
    expect(status(await beyondCap(CONNECTIONS_PER_ADDRESS))).toBe(200);
    expect(connectionCapFor(1)).toBeUndefined();
  });

  it('leaves room for a browser (6 to one origin) beside the event streams one address may hold', () => {
    expect(CONNECTIONS_PER_ADDRESS).toBeGreaterThanOrEqual(SANDBOX_EVENT_STREAMS_PER_ADDRESS + 6);
  });

  it("refuses a server whose 'connection' listeners are not Node's one (the internal it replaces)", () => {
    const fresh = http.createServer();
    expect(fresh.listeners('connection')).toHaveLength(1);
    fresh.on('connection', () => undefined);
    expect(() => capConnectionsPerAddress(fresh, CAP)).toThrow(/found 2/);
  });
});
