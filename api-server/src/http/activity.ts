import { performance } from 'node:perf_hooks';
import type { RequestHandler, Response } from 'express';

const releases = new WeakMap<Response, () => void>();

/** An open event stream is nobody waiting for an answer: once open it stops counting, or the worker would wait as long as it lasts. */
export function notWaiting(res: Response): void {
  releases.get(res)?.();
}

/** Above this share of recent wall time spent running code, the event loop is saturated. */
export const SATURATED_LOOP = 0.8;
/** The loop's load is measured over windows at least this long. */
export const LOAD_WINDOW_MS = 100;

/**
 * Counts API requests in flight and measures how loaded the event loop is, so background work
 * (mail delivery) steps aside while people wait for answers from a saturated server. Under a
 * burst of form posts the outbox worker otherwise took half the CPU rendering and writing mail
 * that can just as well leave a second later.
 *
 * Only a saturated loop counts as busy: at a steady rate the server carries (500 support posts
 * a second here, a third of its loop), a request is in flight most of the time, and a worker that
 * stepped aside for every one delivered too little to keep up; the backlog then depended on the
 * gaps between requests (peak 200 in one 20 s run, 1,800 in the next, issue 28).
 */
export class RequestActivity {
  private inFlight = 0;
  private mark = performance.eventLoopUtilization();
  private markedAt = performance.now();
  private load = 0;

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

  /** Requests are waiting and the loop spent most of the last window running code. */
  busy(): boolean {
    if (this.inFlight === 0) return false;
    return this.loopLoad() >= SATURATED_LOOP;
  }

  /**
   * The share of the time since the last window's start that the loop was not idle. Measured
   * when asked, not on a timer: an idle server does no work for it, and a worker that asks
   * after a quiet spell sees that spell in its first answer, at most one window late.
   */
  loopLoad(): number {
    const now = performance.now();
    if (now - this.markedAt >= LOAD_WINDOW_MS) {
      const mark = performance.eventLoopUtilization();
      this.load = performance.eventLoopUtilization(mark, this.mark).utilization;
      this.mark = mark;
      this.markedAt = now;
    }
    return this.load;
  }
}
