import type { ErrorRequestHandler } from 'express';
import { getPlan, type PlanId } from '../../../src/data/plans';
import { isStorageFault } from '../db/database';
import { clientErrorOf, HttpError, STORAGE_RETRY_AFTER_S } from '../http/errors';
import type { Logger } from '../logger';
import { newRequestId } from './requestId';

export type SandboxErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'resource_not_found'
  | 'rate_limit_error'
  | 'processing_error'
  | 'api_error';

const STATUS: Record<SandboxErrorType, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  resource_not_found: 404,
  rate_limit_error: 429,
  // A valid request the (simulated) bank or Xero refused: a declined payment, insufficient funds.
  processing_error: 400,
  api_error: 500,
};

/** An answer in the documented error body (src/data/apiReference/errors.ts). */
export class SandboxError extends Error {
  readonly status: number;
  constructor(
    readonly type: SandboxErrorType,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    /** Where the answer is not its type's usual status (409 for an Idempotency-Key still in use). */
    status?: number,
  ) {
    super(message);
    this.name = 'SandboxError';
    this.status = status ?? STATUS[type];
  }

  body(requestId: string): SandboxErrorBody {
    return { error: { type: this.type, code: this.code, message: this.message, param: this.param, request_id: requestId } };
  }
}

export interface SandboxErrorBody {
  error: { type: string; code: string; message: string; param: string | null; request_id: string };
}

/** "the Business or Enterprise plan", as the documented 403 example words it. */
export function plansPhrase(plans: readonly PlanId[]): string {
  const names = plans.map((p) => getPlan(p).name);
  return `the ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]} plan`;
}

export const notFound = (what: string, id: string, param: string | null) =>
  new SandboxError('resource_not_found', 'resource_missing', `No such ${what}: ${id}.`, param);

/** Every failure of a sandbox request, in the documented error body with its request id. */
export function sandboxErrors(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const requestId = (res.locals as { requestId?: string }).requestId ?? newRequestId();
    let status: number;
    let error: { type: string; code: string; message: string; param: string | null };
    const client = clientErrorOf(err);
    if (err instanceof SandboxError) {
      status = err.status;
      error = { type: err.type, code: err.code, message: err.message, param: err.param };
    } else if (err instanceof HttpError) {
      // The shared mechanisms' errors (e.g. 503 while the shared counters are away): their message is safe to show.
      status = err.status;
      error = { type: status >= 500 ? 'api_error' : 'invalid_request_error', code: status >= 500 ? 'unavailable' : 'request_invalid', message: err.message, param: null };
    } else if (client) {
      status = client.status;
      error = { type: 'invalid_request_error', code: client.body ? 'body_invalid' : 'request_invalid', message: client.message, param: null };
    } else if (isStorageFault(err)) {
      status = 503;
      res.set('Retry-After', String(STORAGE_RETRY_AFTER_S));
      error = { type: 'api_error', code: 'storage_unavailable', message: 'The sandbox cannot store anything right now. Nothing was saved; please try again in a minute.', param: null };
    } else {
      status = 500;
      error = { type: 'api_error', code: 'internal_error', message: 'An unexpected error occurred.', param: null };
    }
    if (status >= 500) logger.error({ err, path: req.path, requestId }, 'sandbox request failed');
    res.status(status).json({ error: { ...error, request_id: requestId } });
  };
}
