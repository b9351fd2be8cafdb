import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { SANDBOX_WEBHOOK_DELIVERY, webhookRetryDelayMs } from '../../../../src/data/sandbox';
import type { Db } from '../../db/database';
import { PassLoop } from '../../jobs/passLoop';
import type { Logger } from '../../logger';
import { iso } from '../keys';
import { checkTarget, UrlRefused, type TargetRules } from './addresses';
import { signedHeaders } from './signature';
import { post, type AttemptResult, type OutboundOptions } from './outbound';
import { claimDue, postpone, recordOutcome, type QueueRow } from './queue';

export interface WebhookWorkerOptions {
  rules: TargetRules;
  /** Runs the worker's writes (claims, outcomes); index.ts passes the shared Writes (group commit on SQLite). */
  transact: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  logger: Logger;
  outbound?: OutboundOptions;
  /** Epoch ms; attempts are signed with this clock's seconds. Default Date.now. */
  now?: () => number;
  /** The wait before retry n (1 = first): default the documented schedule with jitter (src/data/sandbox.ts). */
  retryDelayMs?: (retry: number) => number;
  pollMs?: number;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  /** How long a claim is this worker's alone; well above an attempt's total timeout. */
  leaseMs?: number;
  /** Attempts in flight to one host at once (default SANDBOX_WEBHOOK_DELIVERY.perHostConcurrency). */
  perHostConcurrency?: number;
  id?: string;
}

/** The documented schedule, each wait moved by up to ±jitter so many retries do not arrive together. */
export function jitteredRetryDelayMs(retry: number, random: () => number = Math.random): number {
  const spread = SANDBOX_WEBHOOK_DELIVERY.jitter * (2 * random() - 1);
  return Math.round(webhookRetryDelayMs(retry) * (1 + spread));
}

/** A busy host's delivery waits this long before it is looked at again (no attempt counted). */
const HOST_BUSY_WAIT_MS = 250;

/**
 * Delivers the sandbox's queued webhook deliveries: claims due rows (durable in the database,
 * so they survive a restart; claimed under a lease, so several instances make each attempt
 * once), re-checks the URL against the rules before each attempt, signs it with a fresh
 * timestamp, POSTs it and records the outcome; failures are retried on the plan's schedule.
 */
export class WebhookWorker {
  private readonly loop: PassLoop;
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly perHost = new Map<string, number>();
  private readonly id: string;
  private readonly now: () => number;

  constructor(private readonly options: WebhookWorkerOptions) {
    this.id = options.id ?? `${os.hostname()}:${process.pid}:webhooks:${randomBytes(4).toString('hex')}`;
    this.now = options.now ?? Date.now;
    this.loop = new PassLoop(() => this.drain(), (err) => this.options.logger.warn({ err }, 'webhook delivery pass failed, retrying at the next poll'), options.pollMs ?? 500);
  }

  start(): void {
    this.loop.start();
  }

  /** Looks for due deliveries now (the sandbox calls it after a call queued some). */
  kick(): void {
    this.loop.kick();
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all(this.inFlight.values());
  }

  private async drain(): Promise<void> {
    const concurrency = this.options.concurrency ?? 10;
    for (;;) {
      if (this.loop.stopped) return;
      const room = concurrency - this.inFlight.size;
      if (room <= 0) {
        await Promise.race(this.inFlight.values());
        continue;
      }
      const now = this.now();
      const rows = await this.options.transact((tx) => claimDue(tx, { limit: room, worker: this.id, leaseMs: this.options.leaseMs ?? 60_000, now, skip: [...this.inFlight.keys()] }));
      if (!rows.length) return;
      for (const row of rows) {
        const work = this.attempt(row)
          .catch((err: unknown) => this.options.logger.warn({ err, deliveryId: row.id }, 'webhook attempt could not be recorded; retried when its lease ends'))
          .finally(() => this.inFlight.delete(row.id));
        this.inFlight.set(row.id, work);
      }
    }
  }

  private async attempt(row: QueueRow): Promise<void> {
    const hostKey = hostOf(row.url);
    const busy = this.perHost.get(hostKey) ?? 0;
    if (busy >= (this.options.perHostConcurrency ?? SANDBOX_WEBHOOK_DELIVERY.perHostConcurrency)) {
      await this.options.transact((tx) => postpone(tx, row.id, this.id, this.now() + HOST_BUSY_WAIT_MS));
      return;
    }
    this.perHost.set(hostKey, busy + 1);
    const startedAt = this.now();
    const headers = signedHeaders(row.event_type, row.secret, row.body, Math.floor(startedAt / 1000));
    let result: AttemptResult;
    try {
      // Checked again before every attempt: what a name resolves to may have changed since it was registered.
      const target = await checkTarget(row.url, this.options.rules);
      result = await post(target, headers, row.body, this.options.outbound);
    } catch (err) {
      if (!(err instanceof UrlRefused)) throw err;
      result = { ok: false, httpStatus: null, error: err.unresolved ? err.message : `refused: ${err.message}`, responseTimeMs: 0, responseBody: '' };
    } finally {
      const left = (this.perHost.get(hostKey) ?? 1) - 1;
      if (left > 0) this.perHost.set(hostKey, left);
      else this.perHost.delete(hostKey);
    }
    const attempts = row.attempts + 1;
    const nextAt = result.ok || attempts >= row.max_attempts ? null : this.now() + (this.options.retryDelayMs ?? jitteredRetryDelayMs)(attempts);
    const status = await this.options.transact((tx) =>
      recordOutcome(tx, row, this.id, {
        ok: result.ok,
        headers,
        nextAt,
        attempt: { attempted_at: iso(startedAt), http_status: result.httpStatus, error: result.error, response_time_ms: result.responseTimeMs, response_body: result.responseBody },
      }),
    );
    this.options.logger.info({ deliveryId: row.id, attempt: attempts, httpStatus: result.httpStatus, error: result.error, status }, 'webhook delivery attempt');
    // A retry due sooner than the next poll.
    if (nextAt !== null && !this.loop.stopped) setTimeout(() => this.kick(), Math.max(0, nextAt - this.now())).unref();
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
