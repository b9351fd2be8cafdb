/** A count that restarts when its window, opened by the first hit, has passed. */
export interface Counter {
  count: number;
  /** Epoch ms at which the count restarts. */
  resetAt: number;
}

/**
 * Where failure counts live. Promise-based so a shared store (Redis, for several server
 * processes) can replace the in-memory one without touching the callers.
 */
export interface CounterStore {
  /** Adds one to `key` and returns the new count. */
  hit(key: string, windowMs: number, now: number): Promise<Counter>;
  get(key: string, now: number): Promise<Counter | undefined>;
  delete(key: string): Promise<void>;
}

/** One process's counters. Bounded: a flood of made-up user names cannot grow it without end. */
export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Counter>();
  constructor(private readonly maxKeys = 10_000) {}

  hit(key: string, windowMs: number, now: number): Promise<Counter> {
    let counter = this.counters.get(key);
    if (!counter || counter.resetAt <= now) {
      if (this.counters.size >= this.maxKeys) this.evict(now);
      counter = { count: 0, resetAt: now + windowMs };
      this.counters.set(key, counter);
    }
    counter.count++;
    return Promise.resolve({ ...counter });
  }

  get(key: string, now: number): Promise<Counter | undefined> {
    const counter = this.counters.get(key);
    return Promise.resolve(counter && counter.resetAt > now ? { ...counter } : undefined);
  }

  delete(key: string): Promise<void> {
    this.counters.delete(key);
    return Promise.resolve();
  }

  get size(): number {
    return this.counters.size;
  }

  // Runs only when full, so its pass over the map is paid once per maxKeys/10 new keys at most.
  private evict(now: number): void {
    for (const [key, c] of this.counters) if (c.resetAt <= now) this.counters.delete(key);
    let excess = this.counters.size - Math.floor(this.maxKeys * 0.9);
    // Still full of live counters: the oldest windows go first (Map keeps insertion order).
    for (const key of this.counters.keys()) {
      if (excess-- <= 0) break;
      this.counters.delete(key);
    }
  }
}

export interface LoginPolicy {
  windowMs: number;
  /** Failed sign-ins one client address may make per window before it gets 429. */
  failuresPerAddress: number;
  /** Failures for one user name answered at once; each further one waits longer. */
  freeFailuresPerUser: number;
  userDelayBaseMs: number;
  userDelayMaxMs: number;
}

export const LOGIN_POLICY: LoginPolicy = {
  windowMs: 15 * 60_000,
  failuresPerAddress: 10,
  freeFailuresPerUser: 5,
  userDelayBaseMs: 250,
  userDelayMaxMs: 8_000,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Slows password guessing without handing a stranger a way to lock the admin out: an address
 * that keeps failing is refused for the rest of the window (it is the guesser's own address),
 * while failures against a user name only delay further *failed* answers for that name. A
 * correct password is never counted, delayed or refused on account of the name.
 */
export class LoginThrottle {
  constructor(
    private readonly store: CounterStore = new MemoryCounterStore(),
    readonly policy: LoginPolicy = LOGIN_POLICY,
    private readonly wait: (ms: number) => Promise<void> = sleep,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the address may try again, or undefined when it may try now. */
  async retryAfter(address: string): Promise<number | undefined> {
    const now = this.now();
    const c = await this.store.get(`addr:${address}`, now);
    return c && c.count >= this.policy.failuresPerAddress ? Math.max(1, Math.ceil((c.resetAt - now) / 1000)) : undefined;
  }

  async succeeded(address: string): Promise<void> {
    await this.store.delete(`addr:${address}`);
  }

  /** Counts a failure; the caller waits `delayMs` (see pause) before answering 401. */
  async failed(address: string, user: string): Promise<{ addressFailures: number; userFailures: number; delayMs: number }> {
    const now = this.now();
    const { windowMs } = this.policy;
    const addressFailures = (await this.store.hit(`addr:${address}`, windowMs, now)).count;
    const userFailures = (await this.store.hit(`user:${user}`, windowMs, now)).count;
    return { addressFailures, userFailures, delayMs: this.delayFor(userFailures) };
  }

  async pause(ms: number): Promise<void> {
    if (ms > 0) await this.wait(ms);
  }

  delayFor(userFailures: number): number {
    const over = userFailures - this.policy.freeFailuresPerUser;
    if (over <= 0) return 0;
    return Math.min(this.policy.userDelayMaxMs, this.policy.userDelayBaseMs * 2 ** Math.min(over - 1, 20));
  }
}
