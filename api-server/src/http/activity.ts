import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';

const releases = new WeakMap<Response, (() => void)[]>();

/** Whether nothing of the request is still to arrive: it has no body, or all of it has come. */
function arrived(req: IncomingMessage): boolean {
  if (req.complete) return true;
  // At this point (the 'request' event) a bodyless GET is not `complete` yet, though nothing more is coming.
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/**
 * Counts `res` as a request someone waits for, from when its last byte has arrived until it
 * closes or says it is a stream (notWaiting): `change(+1)` then `change(-1)`, each at most once.
 * Why not from its first byte: a client still trickling its body waits for nothing yet, and a
 * crowd of slow senders (issue 45) would otherwise fill load shedding's budget and turn real
 * work away, and keep the mail worker stepping aside, until CLIENT_TIMEOUTS ends them. A body is
 * seen to have arrived when whoever reads it (the body parser) reaches its end; one nobody reads
 * is answered without it, and never counts. Used by RequestActivity and load shedding (overload.ts).
 */
export function waitedFor(res: Response, change: (by: 1 | -1) => void): void {
  let state: 'sending' | 'counted' | 'over' = 'sending';
  const release = () => {
    if (state === 'counted') change(-1);
    state = 'over';
  };
  const begin = () => {
    if (state !== 'sending') return;
    state = 'counted';
    change(1);
  };
  const list = releases.get(res);
  if (list) list.push(release);
  else releases.set(res, [release]);
  // 'close' fires once per response, whether it finished or the client went away.
  res.once('close', release);
  if (arrived(res.req)) begin();
  else res.req.once('end', begin);
}

/** An open event stream is nobody waiting for an answer: once open it stops counting, or the worker would wait as long as it lasts. */
export function notWaiting(res: Response): void {
  for (const release of releases.get(res) ?? []) release();
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
