import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';

/** Who counts a response, and where it stands: one per response, however many count it. */
interface Waiting {
  state: 'sending' | 'counted' | 'over';
  changes: ((by: 1 | -1) => void)[];
}

/**
 * Each response's record lives on the response, not in a WeakMap keyed by it. Why: V8's
 * young-generation collection (scavenge) did not free such entries. Every counted response
 * survived it with all it reached, the request's whole graph, and was promoted, to wait for a full
 * collection. At 50 clients that was ~1.3 MB promoted per scavenge and a third of a core for
 * V8's GC threads (`--trace-gc-nvp`; CONTRIBUTING's table has the figures and the guard).
 */
const kWaiting = Symbol('waiting');
type Counted = Response & { [kWaiting]?: Waiting };

/** Whether nothing of the request is still to arrive: it has no body, or all of it has come. */
function arrived(req: IncomingMessage): boolean {
  if (req.complete) return true;
  // At this point (the 'request' event) a bodyless GET is not `complete` yet, though nothing more is coming.
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

function begin(w: Waiting): void {
  if (w.state !== 'sending') return;
  w.state = 'counted';
  for (const change of w.changes) change(1);
}

function release(w: Waiting): void {
  if (w.state === 'counted') for (const change of w.changes) change(-1);
  w.state = 'over';
}

/**
 * Counts `res` as a request someone waits for, from when its last byte has arrived until it
 * closes or says it is a stream (notWaiting): `change(+1)` then `change(-1)`, each at most once.
 * Why not from its first byte: a client still trickling its body waits for nothing yet, and a
 * crowd of slow senders (issue 45) would otherwise fill load shedding's budget and turn real
 * work away, and keep the mail worker stepping aside, until CLIENT_TIMEOUTS ends them. A body is
 * seen to have arrived when whoever reads it (the body parser) reaches its end; one nobody reads
 * is answered without it, and never counts. Used by RequestActivity and load shedding (overload.ts).
 *
 * Every counter of one response shares its two listeners: each listener is kept as long as the
 * request is open, and a crowd of open requests is what this counts (plain `on`, since each event
 * comes once per response, spares the wrapper `once` builds).
 */
export function waitedFor(res: Response, change: (by: 1 | -1) => void): void {
  let w = (res as Counted)[kWaiting];
  if (!w) {
    const fresh: Waiting = { state: 'sending', changes: [] };
    (res as Counted)[kWaiting] = fresh;
    // 'close' fires once per response, whether it finished or the client went away.
    res.on('close', () => release(fresh));
    if (arrived(res.req)) fresh.state = 'counted';
    else res.req.on('end', () => begin(fresh));
    w = fresh;
  }
  // A response already closed is counted by nobody.
  if (w.state === 'over') return;
  w.changes.push(change);
  if (w.state === 'counted') change(1);
}

/** An open event stream is nobody waiting for an answer: once open it stops counting, or the worker would wait as long as it lasts. */
export function notWaiting(res: Response): void {
  const w = (res as Counted)[kWaiting];
  if (w) release(w);
}

/**
 * Counts API requests in flight, so background work (mail delivery) can step aside while
 * people are waiting for an answer. Under a burst of form posts the outbox worker otherwise
 * took half the CPU rendering and writing mail that can just as well leave a second later.
 */
export class RequestActivity {
  private inFlight = 0;

  readonly middleware: RequestHandler = (_req, res, next) => {
    waitedFor(res, (by) => (this.inFlight += by));
    next();
  };

  busy(): boolean {
    return this.inFlight > 0;
  }
}
