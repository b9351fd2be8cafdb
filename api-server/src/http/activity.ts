import type { RequestHandler, Response } from 'express';

const releases = new WeakMap<Response, () => void>();

/** An open event stream is nobody waiting for an answer: once open it stops counting, or the worker would wait as long as it lasts. */
export function notWaiting(res: Response): void {
  releases.get(res)?.();
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
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      this.inFlight--;
    };
    releases.set(res, release);
    // 'close' fires once per response, whether it finished or the client went away.
    res.once('close', release);
    next();
  };

  busy(): boolean {
    return this.inFlight > 0;
  }
}
