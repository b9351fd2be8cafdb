import type { RequestHandler } from 'express';

/**
 * Counts API requests in flight, so background work (mail delivery) can step aside while
 * people are waiting for an answer. Under a burst of form posts the outbox worker otherwise
 * took half the CPU rendering and writing mail that can just as well leave a second later.
 */
export class RequestActivity {
  private inFlight = 0;

  readonly middleware: RequestHandler = (_req, res, next) => {
    this.inFlight++;
    // 'close' fires once per response, whether it finished or the client went away.
    res.once('close', () => {
      this.inFlight--;
    });
    next();
  };

  busy(): boolean {
    return this.inFlight > 0;
  }
}
