/**
 * Counts the writes handed to a Writes and not yet settled, so that a graceful stop can let them
 * finish before the database closes (Storage.close). The client of a request may have hung up,
 * which ends its connection and with it the stop's wait for requests, while its handler still
 * has a write queued or running; closing under it lost that write and logged "driver has
 * already been destroyed".
 */
export class Outstanding {
  private count = 0;
  private waiters: (() => void)[] = [];

  /** Bound once: a listener per write, without a closure per write. */
  private readonly settle = (): void => {
    this.count--;
    if (this.count > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  };

  track<T>(write: Promise<T>): Promise<T> {
    this.count++;
    write.then(this.settle, this.settle);
    return write;
  }

  /**
   * Resolves once no write is outstanding across a turn of the event loop: a caller whose write
   * just settled may queue its next step (checkout stores its claim, then the order) from a
   * promise continuation, which runs before the check after that turn.
   */
  async idle(): Promise<void> {
    for (;;) {
      if (this.count > 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      if (this.count === 0) return;
    }
  }
}
