/**
 * The loop of a queue worker (the mail outbox, the sandbox's webhook deliveries): a pass runs
 * when kicked, or at each poll, never two at once; a kick during a pass runs one more right
 * after it, so work queued meanwhile is not left for the next poll. A failed pass (disk full,
 * lost database) is reported and ends; the next kick or poll starts afresh, so a worker resumes
 * by itself when its storage does.
 */
export class PassLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stoppedFlag = true;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
    private readonly pollMs: number,
  ) {}

  /** True before start() and from stop() on: a pass checks it between steps and returns. */
  get stopped(): boolean {
    return this.stoppedFlag;
  }

  start(): void {
    this.stoppedFlag = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now, or right after the current one. */
  kick(): void {
    if (this.stoppedFlag) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err: unknown) => this.onError(err))
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stoppedFlag) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops polling and kicks, and waits for the pass in progress to return. */
  async stop(): Promise<void> {
    this.stoppedFlag = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
