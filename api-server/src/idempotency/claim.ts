import { createHash } from 'node:crypto';
import { IDEMPOTENCY } from '../../../src/data/apiReference/common';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { IdempotencyStore } from './store';

export const KEY_FORMAT = new RegExp(IDEMPOTENCY.keyPattern);

/**
 * How long a request whose key is still running elsewhere waits for that answer before it is
 * refused 409: a duplicate of a quick operation (two retries sent together) gets the first
 * answer; one of a slow operation (a payment provider taking its time) is told to retry.
 */
export const IN_FLIGHT_WAIT_MS = 1_000;
const IN_FLIGHT_POLL_MS = 50;

export type IdempotencyRefusal = (typeof IDEMPOTENCY.refusals)[keyof typeof IDEMPOTENCY.refusals];

/** Canonical JSON (sorted keys): the same parameters sent with their keys in another order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same" for a key: the operation and its validated parameters. */
export function requestFingerprint(operation: string, params: unknown): string {
  return createHash('sha256').update(`${operation}\n${canonical(params)}`).digest('hex');
}

/** The key is the caller's to run: record its answer with complete, or give it back with release. */
export interface ClaimedKey {
  kind: 'run';
  /** What a former run of this key created before it failed or its process died: carry it on. */
  resumeId?: string;
  /** In the transaction that creates the resource: the key and the resource are stored together. */
  bind(resourceId: string, tx: Db): Promise<void>;
  /** Remembers the answer, on `tx` when given (the work's own transaction). */
  complete(status: number, body: unknown, tx?: Db): Promise<void>;
  /** The run failed on our side: a retry runs again (resuming what it bound). */
  release(): Promise<void>;
}

/** A claimed key whose renewals can also stop without a write (its claim was rolled back). */
export type HeldKey = ClaimedKey & { stop(): void };

export type Claim = HeldKey | { kind: 'replay'; status: number; body: unknown } | { kind: 'refused'; refusal: IdempotencyRefusal };

/**
 * The one way a request with an Idempotency-Key starts, for every feature (Stripe's rules):
 * - a key of the wrong format is refused (400);
 * - first use: the caller runs, with the key claimed under a lease renewed while it runs;
 * - same key, same parameters, answered: the first answer, to replay;
 * - same key, other parameters: refused (400), nothing runs;
 * - same key while its first request still runs (on any instance): refused (409) once that has
 *   not answered within IN_FLIGHT_WAIT_MS.
 * `scope` keeps keys apart where they belong to an API key (the sandbox's).
 */
export async function claimKey(
  store: IdempotencyStore,
  request: { header: string; scope?: string; fingerprint: string },
  logger: Logger,
): Promise<Claim> {
  if (!KEY_FORMAT.test(request.header)) return { kind: 'refused', refusal: IDEMPOTENCY.refusals.invalid };
  const key = request.scope === undefined ? request.header : `${request.scope}:${request.header}`;
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const begun = await store.begin(key, request.fingerprint);
    if (begun.kind === 'mismatch') return { kind: 'refused', refusal: IDEMPOTENCY.refusals.reused };
    if (begun.kind === 'replay') return begun;
    if (begun.kind === 'in-progress') {
      if (Date.now() >= deadline) return { kind: 'refused', refusal: IDEMPOTENCY.refusals.inFlight };
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      continue;
    }
    // Renewed while the caller runs, so a slow payment provider does not let the claim lapse.
    return heldKey(store, key, logger, begun.kind === 'resume' ? begun.resourceId : undefined);
  }
}

/**
 * A key this run holds: its lease is renewed until it is answered or released (see claimKey).
 * `owner`: the resource it was claimed with (IdempotencyStore.renew), when claimed with the work.
 */
export function heldKey(store: IdempotencyStore, key: string, logger: Logger, resumeId?: string, owner?: string): HeldKey {
  const heartbeat = setInterval(() => {
    store.renew(key, owner).catch((err: unknown) => logger.warn({ err, key }, 'idempotency lease could not be renewed'));
  }, Math.max(1, Math.floor(store.leaseMs / 3)));
  heartbeat.unref();
  return {
    kind: 'run',
    ...(resumeId === undefined ? {} : { resumeId }),
    bind: (resourceId, tx) => store.bind(key, resourceId, tx),
    complete: (status, body, tx) => {
      clearInterval(heartbeat);
      return store.complete(key, status, body, tx, owner);
    },
    release: () => {
      clearInterval(heartbeat);
      return store.release(key, owner);
    },
    stop: () => clearInterval(heartbeat),
  };
}
