import { getPlan, type PlanId } from '../../../src/data/plans';

export type SandboxErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'resource_not_found'
  | 'rate_limit_error'
  | 'api_error';

const STATUS: Record<SandboxErrorType, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  resource_not_found: 404,
  rate_limit_error: 429,
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
