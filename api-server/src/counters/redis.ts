import { MemoryStore } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createClient, type RedisClientType } from 'redis';
import type { Logger } from '../logger';
import type { Counter, CounterStore } from '../http/loginThrottle';
import { CountersUnavailableError, GuardedStore, type Counters } from './index';

/** A command that takes longer than this is treated as a lost server: the request gets 503, not a hang. */
const COMMAND_TIMEOUT_MS = 2_000;
/** At start-up: a few quick tries (a server still starting up), then give up so the process exits. */
const START_ATTEMPTS = 4;
const START_RETRY_MS = 250;
/**
 * Once running: reconnect for ever, backing off to this, so the site recovers when Redis returns.
 * Short, so writes succeed again within a second of its return; a refused attempt costs nothing.
 */
const MAX_RECONNECT_DELAY_MS = 250;

export class RedisStartError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message || cause.name : String(cause);
    super(`Cannot reach Redis at REDIS_URL (${redactUrl(url)}): ${reason}`, { cause });
    this.name = 'RedisStartError';
  }
}

/** The URL as it may appear in a log or message: without its password. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'an unparsable URL';
  }
}

// Atomic so that every instance sees one window per key: the first hit opens it.
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;
const GET_SCRIPT = `return {redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1])}`;

export interface RedisCountersOptions {
  logger: Logger;
  /** Prepended to every key, so one Redis can serve several sites (or test runs) apart. */
  prefix?: string;
}

/**
 * Counters in Redis, shared by every instance using the same REDIS_URL. Commands never queue
 * while the server is away (disableOfflineQueue): they fail at once and the caller answers 503
 * (or counts locally); the client keeps reconnecting in the background.
 *
 * `ready` settles when the first connection is made or given up; commands wait for it, so an
 * app can be built before it settles (tests), while the server awaits it before listening.
 */
export class RedisCounters implements Counters {
  readonly kind = 'redis';
  readonly ready: Promise<void>;
  readonly login: CounterStore;
  private readonly client: RedisClientType;
  private readonly prefix: string;
  private everReady = false;
  private down = false;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly options: RedisCountersOptions,
  ) {
    this.prefix = options.prefix ?? 'ledgerline:';
    const { logger } = options;
    this.client = createClient({
      url,
      disableOfflineQueue: true,
      socket: {
        connectTimeout: 5_000,
        reconnectStrategy: (retries, cause) => {
          if (this.closed) return false;
          if (!this.everReady) return retries + 1 >= START_ATTEMPTS ? cause : START_RETRY_MS;
          return Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS);
        },
      },
    });
    // Without a listener an 'error' event would crash the process; one log line per outage.
    this.client.on('error', (err: unknown) => {
      if (this.everReady && !this.down && !this.closed) {
        this.down = true;
        logger.error({ err }, 'lost the connection to Redis (REDIS_URL): limited writes get 503 until it returns');
      }
    });
    this.client.on('ready', () => {
      if (this.down) logger.info('reconnected to Redis (REDIS_URL)');
      this.everReady = true;
      this.down = false;
    });
    this.ready = this.client.connect().then(
      () => undefined,
      (err: unknown) => {
        throw new RedisStartError(url, err);
      },
    );
    // Awaited by index.ts and by every command; this only keeps an unobserved failure quiet.
    this.ready.catch(() => undefined);
    this.login = {
      hit: async (key, windowMs, now) => {
        const [count, ttl] = await this.run<[number, number]>(['EVAL', HIT_SCRIPT, '1', this.key('login', key), String(windowMs)]);
        return { count: Number(count), resetAt: now + Math.max(0, Number(ttl)) };
      },
      get: async (key, now): Promise<Counter | undefined> => {
        const [count, ttl] = await this.run<[string | null, number]>(['EVAL', GET_SCRIPT, '1', this.key('login', key)]);
        if (count === null || Number(ttl) <= 0) return undefined;
        return { count: Number(count), resetAt: now + Number(ttl) };
      },
      delete: async (key) => {
        await this.run(['DEL', this.key('login', key)]);
      },
    };
  }

  rateLimitStore(name: string, whenDown: 'refuse' | 'local') {
    const shared = new RedisStore({
      prefix: this.key('rl', `${name}:`),
      sendCommand: (...args: string[]) => this.run<RedisReply>(args),
    });
    const fallback = whenDown === 'local' ? new MemoryStore() : undefined;
    return new GuardedStore(shared, fallback, (err) => this.options.logger.debug({ err, limiter: name }, 'rate-limit store unavailable'));
  }

  async ping(): Promise<void> {
    await this.run(['PING']);
  }

  close(): Promise<void> {
    this.closed = true;
    // After the first connection attempt settles: destroyed mid-connect, node-redis would still
    // keep the socket that attempt opens. destroy, not close: nothing here needs draining.
    return this.ready.then(
      () => this.destroy(),
      () => this.destroy(),
    );
  }

  private destroy(): void {
    if (this.client.isOpen) this.client.destroy();
  }

  /** Lets the process exit while connected (tests, one-shot commands); the server keeps it referenced. */
  unref(): this {
    this.client.unref();
    return this;
  }

  private key(kind: string, key: string): string {
    return `${this.prefix}${kind}:${key}`;
  }

  private async run<T>(args: string[]): Promise<T> {
    try {
      await this.ready;
      return await this.client.sendCommand<T>(args, { abortSignal: AbortSignal.timeout(COMMAND_TIMEOUT_MS) });
    } catch (err) {
      // A NOSCRIPT reply must reach RedisStore, which reloads its script (after a Redis restart).
      if (err instanceof Error && err.message.startsWith('NOSCRIPT')) throw err;
      throw new CountersUnavailableError(err);
    }
  }

  toString(): string {
    return `Redis at ${redactUrl(this.url)}`;
  }
}

/** Connects before the server listens: a bad or unreachable REDIS_URL stops the start (RedisStartError). */
export async function connectRedisCounters(url: string, options: RedisCountersOptions): Promise<RedisCounters> {
  const counters = new RedisCounters(url, options);
  try {
    await counters.ready;
  } catch (err) {
    await counters.close();
    throw err;
  }
  return counters;
}
