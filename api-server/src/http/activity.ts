import type { RequestHandler, Response } from 'express';

const releases = new WeakMap<Response, (() => void)[]>();

/**
 * Counts `res` as a request someone waits for until it closes or says it is a stream
 * (notWaiting): `done` runs once, at the first of the two. Used by RequestActivity and by load
 * shedding (overload.ts).
 */
export function waitedFor(res: Response, done: () => void): void {
  let counted = true;
  const release = () => {
    if (!counted) return;
    counted = false;
    done();
  };
  const list = releases.get(res);
  if (list) list.push(release);
  else releases.set(res, [release]);
  // 'close' fires once per response, whether it finished or the client went away.
  res.once('close', release);
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
    this.inFlight++;
    waitedFor(res, () => this.inFlight--);
    next();
  };

  busy(): boolean {
    return this.inFlight > 0;
  }
}
