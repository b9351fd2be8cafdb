import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';

/**
 * A connection idle this long during a stop is closed. Why wait at all: a request may be on its
 * way over a keep-alive connection the instant the stop begins; closing at once (what Node's
 * server.close() does to idle connections) resets it unanswered. A balancer stops sending within
 * a probe interval of /readyz turning 503, and clients that keep sending get `Connection: close`
 * with their answer, so an idle connection left after this long has nothing coming.
 */
export const IDLE_GRACE_MS = 1_000;
const POLL_MS = 50;

/** How each long-lived answer (an event stream) ends itself when a stop begins: it never finishes on its own. */
const enders = new WeakMap<ServerResponse, () => void>();

/**
 * Marks `res` as long-lived: `end` runs when a graceful stop begins (the stream says goodbye and
 * ends, the client reconnects elsewhere), so SIGTERM never waits for it until the deadline.
 */
export function endAtStop(res: ServerResponse, end: () => void): void {
  enders.set(res, end);
}

interface Tracked {
  inFlight: number;
  lastActive: number;
}

/**
 * Graceful stop of an HTTP server: from `stop()`, no new connections; requests already sent are
 * answered, each answer carrying `Connection: close` so the client opens no further request on
 * that connection; idle connections close after IDLE_GRACE_MS without traffic. Resolves once
 * every connection is gone, or at the deadline, after destroying what is left ('forced').
 */
export class GracefulStop {
  private stopping = false;
  private readonly sockets = new Map<net.Socket, Tracked>();
  private readonly responses = new Set<ServerResponse>();

  constructor(private readonly server: Server) {
    server.on('connection', (socket: net.Socket) => {
      this.sockets.set(socket, { inFlight: 0, lastActive: Date.now() });
      socket.once('close', () => this.sockets.delete(socket));
    });
    // Prepended: the app may answer synchronously, before a listener added after it would run.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const tracked = this.sockets.get(req.socket);
      if (this.stopping) res.setHeader('Connection', 'close');
      this.responses.add(res);
      res.once('close', () => this.responses.delete(res));
      if (!tracked) return;
      tracked.inFlight++;
      tracked.lastActive = Date.now();
      res.once('close', () => {
        tracked.inFlight--;
        tracked.lastActive = Date.now();
      });
    });
  }

  get inProgress(): boolean {
    return this.stopping;
  }

  async stop(deadlineMs: number): Promise<'drained' | 'forced'> {
    this.stopping = true;
    const started = Date.now();
    // net.Server's close, not http.Server's: the latter also drops idle keep-alive connections
    // at once, and with them any request already on its way over one.
    net.Server.prototype.close.call(this.server);
    for (const res of this.responses) enders.get(res)?.();
    for (const [socket, tracked] of this.sockets) {
      // Bytes arriving count as activity: a request being received is not an idle connection.
      socket.on('data', () => {
        tracked.lastActive = Date.now();
      });
    }
    while (this.sockets.size > 0) {
      const now = Date.now();
      if (now - started >= deadlineMs) {
        for (const socket of this.sockets.keys()) socket.destroy();
        return 'forced';
      }
      for (const [socket, tracked] of this.sockets) {
        if (tracked.inFlight === 0 && now - Math.max(tracked.lastActive, started) >= IDLE_GRACE_MS) socket.destroy();
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return 'drained';
  }
}
