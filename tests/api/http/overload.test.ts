import net from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { answerClientError } from '../../../api-server/src/http/limits';
import { AdmissionLimit, BUSY_MESSAGE, Overload, Turns, type Holdable } from '../../../api-server/src/http/overload';
import { createServer } from '../../../api-server/src/http/server';
import { RequestActivity } from '../../../api-server/src/http/activity';
import { GracefulStop } from '../../../api-server/src/http/shutdown';
import type { Feature } from '../../../api-server/src/deps';
import { FEATURES } from '../../../api-server/src/features';

/**
 * Load shedding (issue 45): while the process is saturated, new API, sandbox and MCP requests get
 * a fast 503 with Retry-After instead of queueing; probes are never shed; the process admits work
 * again as soon as it has room. Small limits here; production's are OVERLOAD.
 */
interface Answer {
  status: number;
  headers: string;
  body: string;
}

function send(port: number, raw: string): { socket: net.Socket; answer: Promise<Answer> } {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  const answer = new Promise<Answer>((resolve, reject) => {
    socket.on('error', reject);
    const done = () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers: head, body });
    };
    socket.on('end', done);
  });
  socket.write(raw);
  return { socket, answer };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;

/**
 * A feature whose GET /api/hold waits until the test lets it go: work in flight, as a slow
 * database write would be, once its request has fully arrived.
 */
const holding: (() => void)[] = [];
const holdFeature: Feature = {
  name: 'hold',
  prefix: '/hold',
  migrations: [],
  routes() {
    return express.Router().get('', (_req, res) => {
      holding.push(() => res.json({ held: true }));
    });
  },
};
/** GET /api/busy keeps the event loop for BUSY_MS, as a request with real work to do would. */
const BUSY_MS = 10;
const busyFeature: Feature = {
  name: 'busy',
  prefix: '/busy',
  migrations: [],
  routes() {
    return express.Router().get('', (_req, res) => {
      const until = performance.now() + BUSY_MS;
      while (performance.now() < until);
      res.json({ busy: true });
    });
  },
};

/**
 * A keep-alive client of GET /api/busy, sending again as soon as it is answered while
 * `more(answered)` says so, or until an answer carries `Connection: close`. `unanswered`: how a
 * request sent ended without its answer (a reset, or the connection closed).
 */
async function keepSending(port: number, more: (answered: number) => boolean): Promise<{ statuses: number[]; unanswered?: string }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const statuses: number[] = [];
  let text = '';
  let outstanding = false;
  return new Promise((resolve) => {
    const send = () => {
      outstanding = true;
      socket.write('GET /api/busy HTTP/1.1\r\nHost: x\r\n\r\n');
    };
    const end = (unanswered?: string) => {
      socket.destroy();
      resolve({ statuses, unanswered });
    };
    socket.on('data', (d: Buffer) => {
      text += d.toString();
      const head = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? NaN);
      if (head < 0 || text.length < head + 4 + length) return;
      outstanding = false;
      statuses.push(Number(text.slice(9, 12)));
      const closing = /\r\nconnection: close\r\n/i.test(text.slice(0, head + 2));
      text = '';
      if (closing || !more(statuses.length)) end();
      else send();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => outstanding && end(err.code ?? err.message));
    socket.on('close', () => (outstanding ? end('closed') : end()));
    send();
  });
}

const releaseHeld = () => {
  for (const release of holding.splice(0)) release();
};

/** The app (with /api/hold) on a real port with `overload`; closed (and its connections cut) after the block. */
function listening(overload: Overload, activity?: RequestActivity): { port: () => number; server: () => Server } {
  let t: TestApp;
  let server: Server;
  beforeAll(async () => {
    t = await createTestApp({}, { overload, activity, features: [...FEATURES, holdFeature, busyFeature] });
    server = createServer(t.app);
    server.on('clientError', answerClientError);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    releaseHeld();
    overload.stop();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await t.close();
  });
  return { port: () => (server.address() as net.AddressInfo).port, server: () => server };
}

describe('load shedding by work in flight', () => {
  // Not started: the event loop's lateness, which a busy test machine varies, plays no part, and
  // the limit stays at maxInFlight.
  const overload = new Overload({ minInFlight: 0, maxInFlight: 2 });
  const app = listening(overload);

  it('answers new API, sandbox and MCP requests with a fast 503 while its work in flight is at the limit, and probes still pass', async () => {
    const port = app.port();
    // Two requests the app is working on: admitted, and in flight until they are answered.
    const held = [send(port, get('/api/hold')), send(port, get('/api/hold'))];
    while (holding.length < 2) await new Promise((r) => setTimeout(r, 10));

    const started = performance.now();
    const [api, sandbox, mcp, health, ready] = await Promise.all(
      [get('/api/public-config'), get('/sandbox/v1/banking/accounts'), `POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`, get('/healthz'), get('/readyz')].map(
        (raw) => send(port, raw).answer,
      ),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(api).toMatchObject({ status: 503, headers: expect.stringMatching(/\r\nRetry-After: 1\r\n/) });
    expect(JSON.parse(api!.body)).toEqual({ success: false, error: BUSY_MESSAGE });
    expect(sandbox!.status).toBe(503);
    expect(JSON.parse(sandbox!.body)).toEqual({ error: { type: 'api_error', code: 'server_busy', message: BUSY_MESSAGE, param: null, request_id: expect.stringMatching(/^req_/) } });
    expect(mcp!.status).toBe(503);
    expect([health!.status, ready!.status]).toEqual([200, 200]);
    expect(overload.shed).toBe(3);

    // The held requests are answered in full, and then there is room again.
    releaseHeld();
    for (const { answer } of held) expect((await answer).status).toBe(200);
    expect((await send(port, get('/api/public-config')).answer).status).toBe(200);
  });
});

describe('slow senders and work in flight', () => {
  const overload = new Overload({ minInFlight: 0, maxInFlight: 2 });
  const activity = new RequestActivity();
  const app = listening(overload, activity);

  it('does not count requests whose bodies are still on their way: a crowd of slow senders turns no work away', async () => {
    const port = app.port();
    // Three posts trickling their bodies, more than the limit: admitted, nobody's work yet.
    const head = 'POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\nConnection: close\r\n\r\n{';
    const slow = [send(port, head), send(port, head), send(port, head)];
    await new Promise((r) => setTimeout(r, 100));
    expect(activity.busy()).toBe(false);
    expect((await send(port, get('/api/public-config')).answer).status).toBe(200);
    expect(overload.shed).toBe(0);

    // A request that has arrived is work like any other, until it is answered.
    const held = send(port, get('/api/hold'));
    while (holding.length < 1) await new Promise((r) => setTimeout(r, 10));
    expect(activity.busy()).toBe(true);
    for (const { socket } of slow) socket.end('"name":"x"}'.padEnd(49, ' ') + ' ');
    for (const { answer } of slow) expect((await answer).status).toBeGreaterThanOrEqual(400);
    releaseHeld();
    expect((await held.answer).status).toBe(200);
    expect(activity.busy()).toBe(false);
  });
});

describe('load shedding by event-loop lateness', () => {
  const overload = new Overload({ maxInFlight: 1_000, maxLagMs: 100, minInFlight: 0, sampleMs: 20 }).start();
  const app = listening(overload);

  it('sheds while the event loop runs late, and admits again once it keeps time', async () => {
    // (In production lateness sheds only with minInFlight requests in flight; none needed here.)
    const port = app.port();
    // Each request's last line is held back, so the server cannot answer it before the loop is held.
    const [late, probe] = [get('/api/public-config'), get('/healthz')].map((raw) => ({ ...send(port, raw.slice(0, -2)) }));
    await Promise.all([late!.socket, probe!.socket].map((s) => new Promise((r) => s.once('connect', r))));
    await new Promise((r) => setTimeout(r, 20));
    const [answer, health] = [late!.answer, probe!.answer];
    // The last bytes go to the kernel at once; the loop is then held for 150 ms, as a burst of work would.
    for (const { socket } of [late!, probe!]) socket.write('\r\n');
    const until = performance.now() + 150;
    while (performance.now() < until);
    expect((await answer).status).toBe(503);
    expect((await health).status).toBe(200);
    // Admitted again once a sample finds the loop on time (a busy machine may take a few).
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await send(port, get('/api/public-config')).answer).status;
    }
    expect(status).toBe(200);
  });
});

describe('the admission limit', () => {
  const limits = { targetQueueMs: 75, minInFlight: 32, maxInFlight: 1_024, smoothing: 1, steadyLagMs: 20 };
  /** `completions` in one 100 ms interval during which `inFlight` were in flight throughout, its sample `lagMs` late. */
  const busyInterval = (limit: AdmissionLimit, completions: number, inFlight: number, lagMs = 0) => {
    for (let i = 0; i < completions; i++) limit.completed(inFlight);
    limit.sample(100, inFlight, lagMs);
  };

  it('follows throughput: what the process completes per second while busy, times the queue it allows', () => {
    const limit = new AdmissionLimit(limits);
    // Nothing measured yet: the ceiling, so a first burst after a quiet spell is not refused.
    expect(limit.value).toBe(1_024);
    // SQLite's pace, 7,000 a second: ~525 may wait 75 ms, four times the fixed 128 of before.
    busyInterval(limit, 700, 400);
    expect(limit.value).toBe(525);
    // PostgreSQL's, 2,000 a second: 150.
    busyInterval(limit, 200, 100);
    expect(limit.value).toBe(150);
  });

  it('falls to minInFlight when nothing completes while work is in flight (a stalled database), and rises when it completes again', () => {
    const limit = new AdmissionLimit({ ...limits, smoothing: 0.1 });
    busyInterval(limit, 700, 400);
    const stalled: number[] = [];
    for (let i = 0; i < 30; i++) {
      busyInterval(limit, 0, 400);
      stalled.push(limit.value);
    }
    // Smoothed: one quiet interval (a collection, a busy neighbour) costs a tenth, not everything.
    expect(stalled[0]).toBe(473);
    expect(stalled.at(-1)).toBe(32);
    for (let i = 0; i < 30; i++) busyInterval(limit, 700, 100);
    expect(limit.value).toBeGreaterThan(500);
  });

  it('learns nothing from intervals it was not busy throughout: a quiet hour keeps the last estimate', () => {
    const limit = new AdmissionLimit(limits);
    busyInterval(limit, 700, 400);
    // Idle, and then an interval in which in-flight work dipped below minInFlight for a moment.
    for (let i = 0; i < 10; i++) limit.sample(100, 0, 0);
    for (let i = 0; i < 5; i++) limit.completed(10);
    limit.sample(100, 40, 0);
    expect(limit.value).toBe(525);
  });

  it('never falls while the event loop runs late: short of CPU, refusing costs what it saves, and a falling limit would feed on its own refusals; it may rise', () => {
    const limit = new AdmissionLimit({ ...limits, smoothing: 0.1 });
    busyInterval(limit, 700, 400);
    // A crowd the CPU cannot keep up with: turns of 70 ms, and completions down to a trickle.
    for (let i = 0; i < 30; i++) busyInterval(limit, 100, 500, 70);
    expect(limit.value).toBe(525);
    // Up to steadyLagMs late is keeping time.
    busyInterval(limit, 0, 500, 20);
    expect(limit.value).toBe(473);
    // Short of CPU, what was done still counts upwards: a dent from a slow moment does not stay.
    busyInterval(limit, 800, 500, 70);
    expect(limit.value).toBe(600);
    busyInterval(limit, 0, 500, 70);
    expect(limit.value).toBe(600);
  });
});

describe('load shedding when work stops completing', () => {
  // A stall lowers the limit to minInFlight: two requests that never finish, and a third is refused.
  const overload = new Overload({ minInFlight: 2, maxInFlight: 50, smoothing: 1, sampleMs: 20, maxLagMs: 60_000 }).start();
  const app = listening(overload);

  it('holds only minInFlight requests behind a stalled dependency and answers the rest at once with 503', async () => {
    const port = app.port();
    const held = [send(port, get('/api/hold')), send(port, get('/api/hold'))];
    while (holding.length < 2) await new Promise((r) => setTimeout(r, 10));
    // A few samples in which nothing completed.
    for (let i = 0; i < 100 && overload.admission.value > 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(overload.admission.value).toBe(2);
    const refused = await send(port, get('/api/public-config')).answer;
    expect(refused.status).toBe(503);
    expect(overload.shed).toBe(1);
    releaseHeld();
    for (const { answer } of held) expect((await answer).status).toBe(200);
    expect((await send(port, get('/api/public-config')).answer).status).toBe(200);
  });
});

describe('admitted work in turns', () => {
  it('starts at most perTurn requests a turn, in the order they came, and the rest in the turns after', async () => {
    const turns = new Turns(4);
    const started: number[] = [];
    for (let i = 0; i < 10; i++) turns.run(() => started.push(i));
    expect(started).toEqual([0, 1, 2, 3]);
    // A request that comes now waits behind those already waiting.
    turns.run(() => started.push(10));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(turns.waitedSinceLastAsked()).toBe(true);
    expect(turns.waitedSinceLastAsked()).toBe(false);
  });

  describe('under a burst of busy requests', () => {
    const overload = new Overload({ minInFlight: 0, perTurn: 4 });
    const app = listening(overload);

    it('reads and answers a probe after a few of them, not after all', async () => {
      const port = app.port();
      const burst = 24;
      const sockets = Array.from({ length: burst + 1 }, () => net.connect(port, '127.0.0.1'));
      await Promise.all(sockets.map((s) => new Promise((r) => s.once('connect', r))));
      // The server takes connections as its loop comes round: let it take them all first.
      await new Promise((r) => setTimeout(r, 100));
      let answered = 0;
      const order: string[] = [];
      const done = sockets.map(
        (socket, i) =>
          new Promise<void>((resolve) => {
            socket.on('data', () => {
              order.push(i === burst ? 'probe' : 'api');
              if (i !== burst) answered++;
              socket.destroy();
              resolve();
            });
          }),
      );
      for (const socket of sockets.slice(0, burst)) socket.write(get('/api/busy'));
      sockets[burst]!.write(get('/healthz'));
      // The loop is held while they all arrive, so one turn finds every one of them to read.
      const until = performance.now() + 50;
      while (performance.now() < until);
      await Promise.all(done);
      // Without turns the probe waited for every busy request read before it (all 24, ~240 ms).
      expect(order.indexOf('probe')).toBeLessThanOrEqual(4);
      expect(answered).toBe(burst);
    });

    it('survives clients that hang up while their requests wait for a turn, and counts nothing of them afterwards', async () => {
      const port = app.port();
      const sockets = Array.from({ length: 16 }, () => net.connect(port, '127.0.0.1'));
      await Promise.all(sockets.map((s) => new Promise((r) => s.once('connect', r))));
      await new Promise((r) => setTimeout(r, 100));
      for (const socket of sockets) socket.write(get('/api/busy'));
      // Held while they arrive, so all are read in one turn and most of them wait for later turns.
      let until = performance.now() + 50;
      while (performance.now() < until);
      // Read now (4 start), and the rest hang up before their turn comes.
      await new Promise((r) => setImmediate(r));
      for (const socket of sockets.slice(4)) socket.destroy();
      until = performance.now() + 20;
      while (performance.now() < until);
      await new Promise((r) => setTimeout(r, 300));
      expect(overload.inFlight).toBe(0);
      expect((await send(port, get('/api/public-config')).answer).status).toBe(200);
      expect((await send(port, get('/healthz')).answer).status).toBe(200);
      for (const socket of sockets) socket.destroy();
    });
  });

  describe('holding connections while requests wait', () => {
    /** A connection's stand-in: what Turns does with it. */
    const fakeSocket = (name: string, log: string[]) => ({ destroyed: false, writable: true, pause: () => void log.push(`pause ${name}`), resume: () => void log.push(`resume ${name}`) }) as unknown as Holdable;

    it('holds an answered connection only while requests wait, reads held ones again oldest first as the queue has room, and lets all go at a stop', async () => {
      const log: string[] = [];
      const turns = new Turns(2);
      // Nothing waits: the connection goes on as it is.
      turns.hold(fakeSocket('calm', log));
      expect(log).toEqual([]);
      expect(turns.crowded).toBe(false);
      // A turn's worth waiting: held.
      for (let i = 0; i < 4; i++) turns.run(() => undefined);
      expect(turns.crowded).toBe(true);
      turns.hold(fakeSocket('a', log));
      turns.hold(fakeSocket('b', log));
      turns.hold(fakeSocket('c', log));
      const closing = { ...fakeSocket('closing', log), writable: false } as Holdable;
      turns.hold(closing);
      expect(log).toEqual(['pause a', 'pause b', 'pause c']);
      expect(turns.heldNow).toBe(3);
      // The check phase starts the last two waiting; the queue is empty, so two held are read again, oldest first.
      await new Promise((r) => setImmediate(r));
      expect(log.slice(3)).toEqual(['resume a', 'resume b']);
      expect(turns.heldNow).toBe(1);
      // With one connection held, the next answered one goes behind it, though the queue is empty.
      turns.hold(fakeSocket('d', log));
      expect(turns.heldNow).toBe(2);
      expect(turns.waitedSinceLastAsked()).toBe(true);
      turns.releaseAll();
      expect(log.slice(5)).toEqual(['pause d', 'resume c', 'resume d']);
      expect(turns.heldNow).toBe(0);
      // Stopping: no connection is held any more.
      for (let i = 0; i < 4; i++) turns.run(() => undefined);
      turns.hold(fakeSocket('e', log));
      expect(turns.heldNow).toBe(0);
    });

    const overload = new Overload({ minInFlight: 0, perTurn: 2 });
    const app = listening(overload);

    it('keeps the next requests of keep-alive clients unread while the CPU is short, and answers every one of them', async () => {
      const server = app.server();
      // Requests read and not yet answered, at each arrival.
      let inProcess = 0;
      const seen: number[] = [];
      const onRequest = (_req: unknown, res: { once: (event: 'close', f: () => void) => void }) => {
        seen.push(++inProcess);
        res.once('close', () => inProcess--);
      };
      server.on('request', onRequest);
      const clients = 24;
      const rounds = 8;
      const results = await Promise.all(Array.from({ length: clients }, () => keepSending(app.port(), (answered) => answered < rounds)));
      server.off('request', onRequest);
      expect(results.flatMap((r) => r.statuses)).toEqual(Array.from({ length: clients * rounds }, () => 200));
      expect(results.filter((r) => r.unanswered)).toEqual([]);
      // The first round arrives together, all read at once. After it, each answered client's next
      // request waits unread until its turn: without that, all 24 were read as soon as they came.
      expect(Math.max(...seen.slice(clients * 2))).toBeLessThanOrEqual(8);
      // The last answers held their connections, which the clients have closed since: each is
      // read again within a few turns, and seen to be closed.
      for (let turn = 0; turn < 10 && overload.turns.heldNow > 0; turn++) await new Promise((r) => setImmediate(r));
      expect(overload.turns.heldNow).toBe(0);
    });

    it('answers every request of held connections when a graceful stop begins, and resets none', async () => {
      const stopping = new Overload({ minInFlight: 0, perTurn: 2 });
      const t = await createTestApp({}, { overload: stopping, features: [...FEATURES, busyFeature] });
      const server = createServer(t.app);
      // As index.ts builds it.
      const graceful = new GracefulStop(server, () => stopping.turns.releaseAll());
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      try {
        const port = (server.address() as net.AddressInfo).port;
        // Clients that send again as soon as they are answered, until an answer says Connection: close.
        const clients = Array.from({ length: 24 }, () => keepSending(port, () => true));
        while (stopping.turns.heldNow === 0) await new Promise((r) => setTimeout(r, 5));
        expect(await graceful.stop(10_000)).toBe('drained');
        const results = await Promise.all(clients);
        expect(results.filter((r) => r.unanswered)).toEqual([]);
        expect(results.every((r) => r.statuses.length > 0 && r.statuses.every((status) => status === 200))).toBe(true);
      } finally {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
        await t.close();
      }
    });
  });
});
