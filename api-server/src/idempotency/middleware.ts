import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDEMPOTENCY, IDEMPOTENCY_HEADER } from '../../../src/data/apiReference/common';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { HttpError } from '../http/errors';
import { claimKey, heldKey, KEY_FORMAT, requestFingerprint, type Claim, type HeldKey } from './claim';
import type { IdempotencyStore } from './store';

/** What a live-API route's handler is given with a key: the hooks that tie it to its work. */
export interface IdempotencyContext {
  /** What a former run of this key created before it failed or its process died: carry it on. */
  resumeId?: string;
  /** In the transaction that creates the resource: the key and the resource are stored together. */
  bind: (resourceId: string, tx: Db) => Promise<void>;
  /**
   * Records `body` as the key's answer in `tx`, the transaction of the work it answers: the
   * answer and the work are stored together or not at all. The route then sends this very
   * `body` (same object) and nothing more is written; a route that does not call it has its
   * answer recorded when it sends it, in a write of its own.
   * `resourceId`: what the work created, for a key not bound to it yet: the key is then bound and
   * answered in one write, where bind and complete would take two (a work whose steps are all
   * one transaction may leave bind out).
   */
  complete: (status: number, body: unknown, tx: Db, resourceId?: string) => Promise<void>;
}

/** A route's handler behind `idempotent`: `key` is undefined for a request sent without one. */
export type IdempotentHandler = (req: Request, res: Response, key: IdempotencyContext | undefined) => Promise<void>;

/**
 * Thrown by an unclaimed run's bind or complete when another request has the key: the work's
 * transaction rolls back with it (nothing of this run is stored) and the request starts again
 * the careful way, through claimKey.
 */
class KeyTaken extends Error {}

/** How one run of a handler holds its key: taken with its work (`unclaimed`), or claimed before it. */
class KeyRun {
  private claimed: HeldKey | undefined;
  /** Taken with the work: bind and complete claim the key in the work's own transaction. */
  private readonly unclaimed: boolean;
  /** The answer the work's own transaction stored; set only once that transaction ran it. */
  recorded: { status: number; body: unknown } | undefined;
  readonly context: IdempotencyContext;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly key: string,
    private readonly fingerprint: string,
    private readonly logger: Logger,
    claim?: HeldKey,
  ) {
    this.claimed = claim;
    this.unclaimed = claim === undefined;
    this.context = {
      bind: async (resourceId, tx) => {
        // Claimed again each time, not remembered: a transaction may be rolled back and run
        // again (PostgreSQL's shared batches do so when one of their jobs fails).
        if (!this.unclaimed) return this.claimed!.bind(resourceId, tx);
        if (!(await this.store.claimNew(tx, this.key, this.fingerprint, { resourceId }))) throw new KeyTaken();
        // Its later writes touch the key only while it is bound to this resource: should this
        // transaction roll back, the key may be another request's by then.
        this.claimed?.stop();
        this.claimed = heldKey(this.store, this.key, this.logger, undefined, resourceId);
      },
      complete: async (status, body, tx, resourceId) => {
        if (this.claimed) await this.claimed.complete(status, body, tx);
        else if (!(await this.store.claimNew(tx, this.key, this.fingerprint, { resourceId, answer: { status, body } }))) throw new KeyTaken();
        this.recorded = { status, body };
      },
    };
    if (claim?.resumeId !== undefined) this.context.resumeId = claim.resumeId;
  }

  /** The key was taken by another request: this run holds nothing (its transaction rolled back). */
  abandon(): void {
    this.claimed?.stop();
    this.claimed = undefined;
  }

  /** A request that ended without an answer of its own (a 5xx, or the last-resort handler). */
  release(): Promise<void> {
    return this.claimed ? this.claimed.release() : Promise.resolve();
  }

  /**
   * Remembers an answer the work did not store, in a write of its own, before it is sent; says
   * what to send. A run that answered without creating anything may find the key taken by then:
   * the key's own outcome (its answer, or a refusal) is then this request's answer too.
   */
  async record(status: number, body: unknown): Promise<Exclude<Claim, HeldKey> | { kind: 'send' }> {
    if (status >= 500) await this.release();
    else if (this.claimed) await this.claimed.complete(status, body);
    else if (!(await this.store.answerNew(this.key, this.fingerprint, status, body))) {
      const claim = await claimKey(this.store, { header: this.key, fingerprint: this.fingerprint }, this.logger);
      if (claim.kind !== 'run') return claim;
      await claim.complete(status, body);
    }
    return { kind: 'send' };
  }
}

/**
 * claimKey around a live-API handler (`/api`, its `{success, error}` envelope). Placed after
 * validateBody, so (as at Stripe) a request that fails validation is not remembered. The answer
 * the handler produces (2xx or 4xx) is recorded whether or not the client is still connected;
 * a 5xx is not remembered, so a retry runs again, resuming what the failed run bound.
 *
 * The key is claimed with the work: the handler runs unclaimed and its bind (or its complete)
 * claims the key in the work's own transaction. A claim in a write of its own first cost a keyed
 * checkout a second trip through the group commit, 6% of its CPU (202 against 190 µs, issue 28).
 * Should the key be taken already, that transaction rolls back, nothing of the run is stored, and
 * the request starts again through claimKey: replayed, refused, or run again with the key claimed
 * first. So a handler's first effect must be that transaction: what runs before it, a retry of an
 * answered key runs again (checkout: nothing but the order's insert, which then rolls back).
 */
export function idempotent(store: IdempotencyStore, logger: Logger, handler: IdempotentHandler): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(IDEMPOTENCY_HEADER);
    if (header === undefined) return handler(req, res, undefined);
    if (!KEY_FORMAT.test(header)) {
      next(new HttpError(IDEMPOTENCY.refusals.invalid.status, IDEMPOTENCY.refusals.invalid.message));
      return;
    }
    // The path as sent, wherever the route is mounted (a fingerprint stored by an older version matches).
    const fingerprint = requestFingerprint(`${req.method} ${req.originalUrl.split('?', 1)[0]}`, res.locals.body ?? null);
    const json = res.json.bind(res);
    try {
      await runOnce(res, json, new KeyRun(store, header, fingerprint, logger), handler, req, next);
      return;
    } catch (err) {
      if (!(err instanceof KeyTaken) || res.headersSent) throw err;
    }
    res.json = json;
    const claim = await claimKey(store, { header, fingerprint }, logger);
    if (claim.kind === 'refused') {
      next(new HttpError(claim.refusal.status, claim.refusal.message));
      return;
    }
    if (claim.kind === 'replay') {
      res.set(IDEMPOTENCY.replayedHeader, 'true');
      res.status(claim.status).json(claim.body);
      return;
    }
    await runOnce(res, json, new KeyRun(store, header, fingerprint, logger, claim), handler, req, next);
  };
}

/** Runs the handler once with `run`'s key, recording the answer it sends (see idempotent). */
async function runOnce(
  res: Response,
  json: Response['json'],
  run: KeyRun,
  handler: IdempotentHandler,
  req: Request,
  next: NextFunction,
): Promise<void> {
  let settled = false;
  // Also an answer sent without res.json (the last-resort handler): the lease stops being renewed.
  const onFinish = () => {
    if (!settled) void run.release().catch(() => undefined);
  };
  res.on('finish', onFinish);
  // The answer is recorded when the handler produces it, not when the socket closes: a client
  // that went away retries, and must find the outcome of the run it started.
  res.json = (body: unknown) => {
    if (settled) return json(body);
    settled = true;
    // Already stored with the work (a transaction that failed after the hook ran makes the
    // handler fail instead, and its error answer is another body).
    const { recorded } = run;
    if (recorded !== undefined && recorded.body === body && recorded.status === res.statusCode) return json(body);
    // Recorded before the answer leaves: a retry on any instance then finds it.
    run.record(res.statusCode, body).then(
      (answer) => {
        if (answer.kind === 'send') json(body);
        else if (answer.kind === 'replay') res.set(IDEMPOTENCY.replayedHeader, 'true').status(answer.status).json(answer.body);
        else next(new HttpError(answer.refusal.status, answer.refusal.message));
      },
      (err: unknown) => {
        // The answer could not be remembered: a 503 the client retries, never a silent loss.
        res.status(503);
        next(err);
      },
    );
    return res;
  };
  try {
    await handler(req, res, run.context);
  } catch (err) {
    if (err instanceof KeyTaken) {
      // Nothing of this run was stored: it leaves no trace on the answer either.
      settled = true;
      res.removeListener('finish', onFinish);
      run.abandon();
    }
    throw err;
  }
}
