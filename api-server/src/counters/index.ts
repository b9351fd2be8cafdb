import type { RequestHandler } from 'express';
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import { HttpError } from '../http/errors';
import { MemoryCounterStore, type CounterStore } from '../http/loginThrottle';
import { LocalWindow } from './window';

export { LocalWindow, type WindowCount } from './window';

/**
 * Where the counts behind rate limits and sign-in throttling live: this process's memory (one
 * server) or a store every instance shares (REDIS_URL), so a client spreading requests over
 * several instances behind a load balancer meets one limit, not one per instance.
 */
export interface Counters {
  readonly kind: 'memory' | 'redis';
  /**
   * The store of one express-rate-limit limiter; `name` keeps limiters' keys apart. When the
   * shared store is down, `whenDown: 'refuse'` makes the limiter throw CountersUnavailableError
   * (see answerUnavailable); `'local'` counts in this process meanwhile, so reads keep working
   * and are still limited, per instance.
   */
  rateLimitStore(name: string, whenDown: 'refuse' | 'local'): Store;
  /**
   * Counts kept in this process (memory only), for a limiter that answers without a promise;
   * absent where the counts are shared (Redis), whose limiters stay asynchronous.
   */
  localWindow?(windowMs: number): LocalWindow;
  /** Sign-in failure counts (LoginThrottle); throws CountersUnavailableError while the store is down. */
  readonly login: CounterStore;
  /** Resolves when the store answers (readiness); memory always does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The shared counter store cannot be reached: the request cannot be counted, so it is not served. */
export class CountersUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the shared counter store (REDIS_URL) is unavailable', { cause });
    this.name = 'CountersUnavailableError';
  }
}

/** Long enough for a restarted Redis to come back; the client reconnects well within it. */
export const COUNTERS_RETRY_AFTER_S = 10;
export const COUNTERS_UNAVAILABLE_MESSAGE = 'We cannot take this request right now. Nothing was sent or saved; please try again in a minute.';

/** One process's counts, as before REDIS_URL existed. */
export function memoryCounters(): Counters {
  return {
    kind: 'memory',
    rateLimitStore: () => new MemoryStore(),
    localWindow: (windowMs) => new LocalWindow(windowMs),
    login: new MemoryCounterStore(),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/**
 * Wraps a shared rate-limit store: its failures become CountersUnavailableError, or, with a
 * `fallback`, are counted there until the shared store answers again.
 */
export class GuardedStore implements Store {
  readonly localKeys = false;
  private options: Options | undefined;
  private sharedReady: Promise<void> | undefined;
  constructor(
    private readonly shared: Store,
    private readonly fallback: Store | undefined,
    private readonly onFailure: (err: unknown) => void,
  ) {}

  /**
   * The shared store is set up on first use, and again after a failed set-up: rate-limit-redis
   * loads its scripts in init and, had that failed (Redis away at that moment), would keep the
   * failure for good.
   */
  async init(options: Options): Promise<void> {
    this.options = options;
    await this.fallback?.init?.(options);
  }

  increment(key: string) {
    return this.guard(() => this.shared.increment(key), (f) => f.increment(key));
  }

  decrement(key: string) {
    return this.guard(() => this.shared.decrement(key), (f) => f.decrement(key));
  }

  resetKey(key: string) {
    return this.guard(() => this.shared.resetKey(key), (f) => f.resetKey(key));
  }

  async shutdown(): Promise<void> {
    await this.fallback?.shutdown?.();
  }

  private async setUp(options: Options): Promise<void> {
    try {
      await this.shared.init?.(options);
    } catch (err) {
      this.sharedReady = undefined;
      throw err;
    }
  }

  private async guard<T>(run: () => Promise<T> | T, local: (fallback: Store) => Promise<T> | T): Promise<T> {
    try {
      if (this.options) await (this.sharedReady ??= this.setUp(this.options));
      return await run();
    } catch (err) {
      this.onFailure(err);
      if (this.fallback) return local(this.fallback);
      throw new CountersUnavailableError(err);
    }
  }
}

/**
 * Answers CountersUnavailableError from `handler` with 503 JSON and Retry-After; other errors
 * pass on unchanged. Works for handlers that call next(err) and for async ones that reject.
 */
export function answerUnavailable(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const done = (err?: unknown) => {
      if (err instanceof CountersUnavailableError) {
        res.set('Retry-After', String(COUNTERS_RETRY_AFTER_S));
        next(new HttpError(503, COUNTERS_UNAVAILABLE_MESSAGE));
        return;
      }
      next(err as Parameters<typeof next>[0]);
    };
    try {
      Promise.resolve(handler(req, res, done)).catch(done);
    } catch (err) {
      done(err);
    }
  };
}
