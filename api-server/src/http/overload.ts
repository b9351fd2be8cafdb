import type { Socket } from 'node:net';
import type { RequestHandler, Response } from 'express';
import { OVERLOAD } from '../../../src/data/operations';
import { waitedFor } from './activity';

export type OverloadLimits = Record<keyof typeof OVERLOAD, number>;

export const BUSY_MESSAGE = 'The server is busy right now. Nothing was done; please try again in a moment.';

/** How a shed request is answered on each mount (the API's envelope, the sandbox's documented error body). */
export type ShedAnswer = (res: Response) => void;

/** A client's connection, as Turns holds it. */
export type Holdable = Pick<Socket, 'pause' | 'resume' | 'destroyed' | 'writable'>;

/**
 * How many requests may be in flight (OVERLOAD's comment has the why): the completions per second
 * of the intervals the process was busy throughout (never fewer than `minInFlight` in flight) and
 * its event loop kept time (late by at most `steadyLagMs`), smoothed, times `targetQueueMs`.
 * Until such an interval has been seen, `maxInFlight`.
 *
 * Why only intervals that kept time, with no admitted request waiting for a turn (Turns): then
 * the process had CPU to spare, and slow completions were a dependency's, which refusing helps.
 * When the CPU is what is short, each refusal costs about what it saves; a limit learned there
 * falls, sheds, loses completions to the refusals and falls again (the bench's 10x clients,
 * re-sending at once: goodput 6-9% of peak in 2 of 4 runs).
 * Lateness (`maxLagMs`) answers that case instead. Such an interval may still raise the limit:
 * what was done is a floor of what can be. Without that, a dent from a slow fsync while the CPU
 * had room stayed for good once the CPU was short (10x goodput 58%, and shedding at 50 clients).
 */
export class AdmissionLimit {
  private completions = 0;
  /** Fewest in flight since the last sample: below `minInFlight`, the interval says nothing of capacity. */
  private fewest = Infinity;
  private perSecond: number | undefined;

  constructor(private readonly limits: Pick<OverloadLimits, 'targetQueueMs' | 'minInFlight' | 'maxInFlight' | 'smoothing' | 'steadyLagMs'>) {}

  get value(): number {
    const { minInFlight, maxInFlight, targetQueueMs } = this.limits;
    if (this.perSecond === undefined) return maxInFlight;
    return Math.min(maxInFlight, Math.max(minInFlight, Math.round((this.perSecond * targetQueueMs) / 1000)));
  }

  /** A request stopped being in flight, leaving `inFlight`. */
  completed(inFlight: number): void {
    this.completions++;
    this.fewest = Math.min(this.fewest, inFlight);
  }

  /**
   * Ends an interval of `elapsedMs` with `inFlight` in flight, its sample `lagMs` late; `waited`:
   * some admitted request had to wait for a turn (Turns) in it, so the CPU was short.
   */
  sample(elapsedMs: number, inFlight: number, lagMs: number, waited = false): void {
    // An interval with nothing in flight says nothing of capacity, whatever minInFlight is.
    const busy = Math.min(this.fewest, inFlight) >= Math.max(1, this.limits.minInFlight);
    if (busy && elapsedMs > 0) {
      const rate = (this.completions * 1000) / elapsedMs;
      if (lagMs <= this.limits.steadyLagMs && !waited) {
        this.perSecond = this.perSecond === undefined ? rate : this.perSecond + this.limits.smoothing * (rate - this.perSecond);
      } else if (this.perSecond !== undefined && rate > this.perSecond) {
        // Short of CPU, the process can do at least what it did: the limit may rise, never fall.
        this.perSecond = rate;
      }
    }
    this.completions = 0;
    this.fewest = inFlight;
  }
}

/**
 * Starts admitted work a few requests per turn of the event loop, in arrival order, so that a
 * turn stays short and the loop comes back often to read probes and pages, which never wait here.
 *
 * Why: Node reads every connection with data in one turn and runs each request's handler as it
 * reads it. A hundred form posts arriving together (their clients all answered by one group
 * commit, all sending again at once) made one turn of ~100 ms, and a balancer's probe that
 * arrived meanwhile waited for all of it (issue 45's mix: /healthz p99 106-285 ms). Here a turn
 * starts at most `perTurn` requests while reading, and as many again in its check phase
 * (setImmediate); the rest wait in order for the next turns. The queue is bounded by admission:
 * only admitted requests wait here.
 *
 * While requests wait, a keep-alive connection whose answer has gone out is held (hold): its next
 * request stays unread, in the kernel's buffer, until the queue has room, and held connections are
 * read again in the order they were held. Why: a request read and left to wait here outlives V8's
 * young-generation collections, and the whole of it (~3.5 kB of parsed request, response and
 * Express state) is promoted to the old generation, to be freed only by a full collection. With
 * 150 to 500 clients re-sending at once, requests waited 20-90 ms here, and V8's collector threads
 * took a third of the CPU the work needed (bench, overload rows). Unread, a request's bytes wait in
 * the kernel's socket buffer at no cost to the heap; its client waits as long either way
 * (CONTRIBUTING's table has the figures).
 */
export class Turns {
  private readonly queue: (() => void)[] = [];
  /** Connections held, oldest first, each with its next request unread. */
  private readonly held: Holdable[] = [];
  private holding = true;
  private started = 0;
  private pumping = false;
  private queuedSince = false;

  constructor(private readonly perTurn: number) {}

  /** Connections held now (a gauge of /metrics). */
  get heldNow(): number {
    return this.held.length;
  }

  /** Whether requests are waiting, in the queue or unread on held connections: an answer now sent should hold its connection. */
  get crowded(): boolean {
    return this.queue.length > 0 || this.held.length > 0;
  }

  /** Whether any request has had to wait for a turn since the last call: the CPU was short. */
  waitedSinceLastAsked(): boolean {
    const waited = this.queuedSince || this.queue.length > 0 || this.held.length > 0;
    this.queuedSince = false;
    return waited;
  }

  /**
   * `socket`'s answer has gone out: if requests are waiting (a turn's worth in the queue, or any
   * connection held already, so that this one goes behind those), its next request waits unread.
   * A connection that is closing has no next request, and is left alone.
   */
  hold(socket: Holdable): void {
    if (!this.holding || socket.destroyed || !socket.writable) return;
    if (this.queue.length < this.perTurn && this.held.length === 0) return;
    socket.pause();
    this.held.push(socket);
    this.queuedSince = true;
    this.schedule();
  }

  /**
   * Reads every held connection again and holds no more, so that a graceful stop answers what
   * they send (with `Connection: close`). Resolves once they are reading: Node restarts a paused
   * connection's reading on the next tick, and not at all if a 'data' listener came first (the
   * graceful stop adds one to every connection, to see bytes arrive). Such a request stayed
   * unread, the stop closed its connection as idle, and the client got a reset (bench, SIGTERM
   * under 3x: 86-118 of ~10,000 requests).
   */
  releaseAll(): Promise<void> {
    this.holding = false;
    for (const socket of this.held.splice(0)) if (!socket.destroyed) socket.resume();
    return new Promise((resolve) => setImmediate(resolve));
  }

  run(start: () => void): void {
    this.schedule();
    if (this.queue.length === 0 && this.started < this.perTurn) {
      this.started++;
      start();
      return;
    }
    this.queue.push(start);
    this.queuedSince = true;
  }

  private schedule(): void {
    if (this.pumping) return;
    this.pumping = true;
    setImmediate(this.pump);
  }

  /** The check phase: a new allowance, spent on the oldest waiting first; more next turn if any are left. */
  private readonly pump = (): void => {
    this.pumping = false;
    this.started = 0;
    while (this.queue.length > 0 && this.started < this.perTurn) {
      this.started++;
      this.queue.shift()!();
    }
    // As many held connections read again as the queue has room for; their requests arrive in
    // the next reading phase.
    let room = this.perTurn - this.queue.length;
    while (room > 0 && this.held.length > 0) {
      const socket = this.held.shift()!;
      if (socket.destroyed) continue;
      socket.resume();
      room--;
    }
    // What this phase started counts against the next reading phase too; a turn that started
    // nothing gives the next one a full allowance.
    if (this.queue.length > 0 || this.started > 0 || this.held.length > 0) this.schedule();
  };
}

/**
 * Sheds work before it queues (issue 45). While the process is saturated, a new request for the
 * API, the sandbox or MCP gets a fast 503 with Retry-After instead of waiting behind the work
 * already admitted, so what is admitted is still answered quickly and the event loop keeps time
 * for pages and probes, which are answered from memory and never shed. The limits, and why
 * they are what they are, are OVERLOAD's (src/data/operations.ts, shown on the Operations page).
 * A request counts from when its body has arrived (waitedFor in activity.ts): a crowd of slow
 * senders is nobody's work yet, and must not turn real work away.
 */
export class Overload {
  private inFlightNow = 0;
  private lagMs = 0;
  /** When the sampling timer should fire next: a loop past it by more than maxLagMs is late now. */
  private expected = Infinity;
  private timer: NodeJS.Timeout | undefined;
  private readonly limits: OverloadLimits;
  readonly admission: AdmissionLimit;
  readonly turns: Turns;
  /** Requests refused since start (the app counts them by mount in http_requests_shed_total). */
  shed = 0;

  constructor(limits: Partial<OverloadLimits> = {}) {
    this.limits = { ...OVERLOAD, ...limits };
    this.admission = new AdmissionLimit(this.limits);
    this.turns = new Turns(this.limits.perTurn);
  }

  /** Requests admitted and not yet answered (a gauge of /metrics, beside the limit). */
  get inFlight(): number {
    return this.inFlightNow;
  }

  /** Starts sampling the event loop's lateness; unref'd, so it keeps no process alive. */
  start(): this {
    if (this.timer) return this;
    let last = performance.now();
    this.expected = last + this.limits.sampleMs;
    this.timer = setInterval(() => {
      const now = performance.now();
      this.lagMs = Math.max(0, now - this.expected);
      this.expected = now + this.limits.sampleMs;
      this.admission.sample(now - last, this.inFlightNow, this.lagMs, this.turns.waitedSinceLastAsked());
      last = now;
    }, this.limits.sampleMs);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.expected = Infinity;
  }

  /**
   * Also late when the sample is overdue: a request read right after a long turn is judged by
   * that turn, whether or not the timer has had its turn yet.
   */
  get saturated(): boolean {
    if (this.inFlightNow < this.limits.minInFlight) return false;
    if (this.inFlightNow >= this.admission.value) return true;
    return Math.max(this.lagMs, performance.now() - this.expected) > this.limits.maxLagMs;
  }

  /** Admits a request or answers it with `answer`; an admitted one counts once it has arrived, until its response closes or it says it is a stream (notWaiting). */
  guard(answer: ShedAnswer): RequestHandler {
    return (req, res, next) => {
      if (this.saturated) {
        this.shed++;
        res.set('Retry-After', String(this.limits.retryAfterS));
        answer(res);
        return;
      }
      waitedFor(res, (by) => {
        this.inFlightNow += by;
        if (by < 0) this.admission.completed(this.inFlightNow);
      });
      // Only when requests wait: a calm process adds no listener. Node itself reads on after an
      // answer whose request body nobody read (it reads the body off), which undoes the hold: such
      // a connection goes ahead of the held ones once. The API reads every body (jsonBody).
      if (this.turns.crowded) {
        const socket = req.socket;
        res.once('close', () => this.turns.hold(socket));
      }
      this.turns.run(() => next());
    };
  }
}

