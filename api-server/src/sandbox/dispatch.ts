import type { Request, Response } from 'express';
import { IDEMPOTENCY, IDEMPOTENCY_HEADER, type ApiEndpoint } from '../../../src/data/apiReference';
import type { Db, Writes } from '../db/database';
import { claimKey, type IdempotencyStore, requestFingerprint } from '../idempotency';
import type { Logger } from '../logger';
import { SandboxError } from './errors';
import type { SandboxKey } from './keys';
import { runOperation, type Answer } from './operations';
import type { TargetRules } from './webhooks/addresses';
import { PRECHECKS } from './webhooks/precheck';

export interface DispatchDeps {
  db: Db;
  writes: Writes;
  now: () => Date;
  logger: Logger;
  maxObjectsPerKey: number;
  idempotencyKeys: IdempotencyStore;
  /** Where webhooks may be delivered: checked when one is registered (webhooks/precheck.ts). */
  webhookRules: TargetRules;
}

/** Runs a checked request's operation: reads on the database, POSTs as acknowledged writes, idempotent when asked. */
export async function dispatch(deps: DispatchDeps, req: Request, res: Response, key: SandboxKey, endpoint: ApiEndpoint, params: Record<string, unknown>): Promise<Answer> {
  // Refused like a bad parameter: before the operation, so nothing is remembered for an Idempotency-Key.
  await PRECHECKS[endpoint.id]?.(params, deps.webhookRules);
  return endpoint.method === 'POST' ? idempotent(deps, req, key, endpoint, params, res) : run(deps, deps.db, endpoint, key, params);
}

/** The operation's answer, its own errors included: they are part of what an idempotent retry replays. */
async function run(deps: DispatchDeps, tx: Db, endpoint: ApiEndpoint, key: SandboxKey, params: Record<string, unknown>): Promise<Answer> {
  try {
    return await runOperation({ db: deps.db, now: deps.now, maxObjectsPerKey: deps.maxObjectsPerKey }, tx, endpoint, key, params);
  } catch (err) {
    if (err instanceof SandboxError) return { status: err.status, body: { error: { type: err.type, code: err.code, message: err.message, param: err.param } } };
    throw err;
  }
}

/** Error answers carry the id of the request that got them (a replay gets its own). */
export function withRequestId(a: Answer, requestId: string): unknown {
  return a.status >= 400 ? { error: { ...(a.body as { error: object }).error, request_id: requestId } } : a.body;
}

/**
 * A POST with an Idempotency-Key, through the one mechanism every feature uses (idempotency):
 * keys are per API key. Only answers of an operation that ran are kept, its own errors included:
 * a request refused before (auth, rate, plan, parameters) may be retried with the same key. The
 * answer is recorded in the operation's own transaction, so both are stored or neither.
 */
async function idempotent(deps: DispatchDeps, req: Request, key: SandboxKey, endpoint: ApiEndpoint, params: Record<string, unknown>, res: Response): Promise<Answer> {
  const header = req.get(IDEMPOTENCY_HEADER);
  if (header === undefined) return deps.writes.run((tx) => run(deps, tx, endpoint, key, params));
  const claim = await claimKey(deps.idempotencyKeys, { header, scope: key.id, fingerprint: requestFingerprint(`${endpoint.method} ${endpoint.id}`, params) }, deps.logger);
  if (claim.kind === 'refused') throw new SandboxError('invalid_request_error', claim.refusal.code, claim.refusal.message, IDEMPOTENCY_HEADER, claim.refusal.status);
  if (claim.kind === 'replay') {
    res.set(IDEMPOTENCY.replayedHeader, 'true');
    return { status: claim.status, body: claim.body };
  }
  try {
    return await deps.writes.run(async (tx) => {
      const answer = await run(deps, tx, endpoint, key, params);
      await claim.complete(answer.status, answer.body, tx);
      return answer;
    });
  } catch (err) {
    await claim.release().catch((releaseErr: unknown) => deps.logger.warn({ err: releaseErr }, 'idempotency key could not be released'));
    throw err;
  }
}
