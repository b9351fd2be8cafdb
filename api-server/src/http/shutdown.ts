import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import { IDLE_GRACE_MS, LISTEN_QUIET_MS } from '../../../src/data/operations';

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
 * Graceful stop of an HTTP server: from `stop()`, every request is answered with `Connection:
 * close`, so the client opens no further request on that connection; new connections are
 * accepted until none has come for LISTEN_QUIET_MS, then the listener closes; idle connections
 * close after IDLE_GRACE_MS without traffic. Resolves once every connection is gone, or at the
 * deadline, after destroying what is left ('forced').
 *
 * `release`: connections paused by someone else (load shedding's held connections, overload.ts),
 * read again before the stop watches any connection for idleness. Their requests are unread, so
 * they look idle; and a paused connection whose 'data' listener (watchActivity) came before its
 * reading restarted never restarts. The stop waits until `release` resolves.
 */
export class GracefulStop {
  private stopping = false;
  private readonly sockets = new Map<net.Socket, Tracked>();
  private readonly responses = new Set<ServerResponse>();

  private lastConnection = 0;

  constructor(
    private readonly server: Server,
    private readonly release: () => Promise<void> = () => Promise.resolve(),
  ) {
    server.on('connection', (socket: net.Socket) => {
      this.lastConnection = Date.now();
      this.sockets.set(socket, { inFlight: 0, lastActive: Date.now() });
      // Accepted during a stop: it gets the same watch as those open when the stop began.
      if (this.stopping) this.watchActivity(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // Prepended: the app may answer synchronously, before a listener added after it would run.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const tracked = this.sockets.get(req.socket);
      if (this.stopping) res.setHeader('Connection', 'close');
      this.responses.add(res);
      if (tracked) {
        tracked.inFlight++;
        tracked.lastActive = Date.now();
      }
      // One listener, with plain `on` ('close' comes once): it is held as long as the request is open.
      res.on('close', () => {
        this.responses.delete(res);
        if (!tracked) return;
        tracked.inFlight--;
        tracked.lastActive = Date.now();
      });
    });
  }

  get inProgress(): boolean {
    return this.stopping;
  }

  private watchActivity(socket: net.Socket): void {
    // Bytes arriving count as activity: a request being received is not an idle connection.
    socket.on('data', () => {
      const tracked = this.sockets.get(socket);
      if (tracked) tracked.lastActive = Date.now();
    });
  }

  async stop(deadlineMs: number): Promise<'drained' | 'forced'> {
    this.stopping = true;
    const started = Date.now();
    await this.release();
    for (const res of this.responses) enders.get(res)?.();
    for (const socket of this.sockets.keys()) this.watchActivity(socket);
    let listening = this.server.listening;
    while (listening || this.sockets.size > 0) {
      const now = Date.now();
      if (listening && now - Math.max(this.lastConnection, started) >= LISTEN_QUIET_MS) {
        // net.Server's close, not http.Server's: the latter also drops idle keep-alive
        // connections at once, and with them any request already on its way over one.
        net.Server.prototype.close.call(this.server);
        listening = false;
      }
      if (now - started >= deadlineMs) {
        if (listening) net.Server.prototype.close.call(this.server);
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
