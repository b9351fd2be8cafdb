/**
 * Error catalogue of the documented API (spec section 8). Every error answers
 * `{ error: { type, code, message, param, request_id } }`. To add a type, append it here.
 */
import { SAMPLE_IDS } from './common';
import type { ApiErrorType } from './types';

export const HTTP_STATUS_CODES = [
  { code: 200, label: 'OK', meaning: 'The request succeeded.' },
  { code: 201, label: 'Created', meaning: 'The resource was created.' },
  { code: 400, label: 'Bad Request', meaning: 'A parameter is missing or invalid.' },
  { code: 401, label: 'Unauthorized', meaning: 'Invalid API key.' },
  { code: 403, label: 'Forbidden', meaning: 'Insufficient permissions, or the call is not in your plan.' },
  { code: 404, label: 'Not Found', meaning: 'The resource does not exist.' },
  { code: 429, label: 'Too Many Requests', meaning: 'Rate limit exceeded.' },
  { code: 500, label: 'Internal Server Error', meaning: 'Something went wrong on our side.' },
] as const;

export const API_ERROR_TYPES: readonly ApiErrorType[] = [
  { type: 'authentication_error', status: 401, description: 'The API key is missing, invalid or revoked.', exampleCode: 'invalid_api_key', exampleMessage: 'Invalid API key provided.', exampleParam: null },
  { type: 'invalid_request_error', status: 400, description: 'A parameter is missing or has a wrong value.', exampleCode: 'parameter_missing', exampleMessage: 'Missing required param: account_id.', exampleParam: 'account_id' },
  { type: 'permission_error', status: 403, description: 'The key lacks a permission, or the call or event is not in your plan.', exampleCode: 'plan_upgrade_required', exampleMessage: 'This endpoint requires the Business or Enterprise plan.', exampleParam: null },
  { type: 'rate_limit_error', status: 429, description: 'Too many requests in the last minute for your plan.', exampleCode: 'rate_limit_exceeded', exampleMessage: 'Rate limit exceeded. Retry after the time in the Retry-After header.', exampleParam: null },
  { type: 'resource_not_found', status: 404, description: 'No resource has that id.', exampleCode: 'resource_missing', exampleMessage: 'No such account: acc_missing.', exampleParam: 'account_id' },
  { type: 'processing_error', status: 400, description: 'The request was valid but could not be processed, e.g. a declined payment.', exampleCode: 'payment_declined', exampleMessage: 'The payment was declined by the issuer.', exampleParam: null },
  { type: 'api_error', status: 500, description: 'An unexpected error on our side. Retry with backoff.', exampleCode: 'internal_error', exampleMessage: 'An unexpected error occurred.', exampleParam: null },
];

/** The error body for one error type, as documented. */
export function errorBody(t: ApiErrorType): { error: { type: string; code: string; message: string; param: string | null; request_id: string } } {
  return { error: { type: t.type, code: t.exampleCode, message: t.exampleMessage, param: t.exampleParam, request_id: SAMPLE_IDS.requestId } };
}
