/* Errors of the operations themselves, worded as the sandbox words them (api-server/src/sandbox/operations). */
import { formatLimit } from '../../limits';
import { getPlan, type PlanId } from '../../plans';
import { SANDBOX_KEYS_URL, SANDBOX_MAX_OBJECTS_PER_KEY } from '../../sandbox';
import { ACCOUNTING } from '../common';
import type { EndpointError } from '../types';

export const notFound = (what: string, id: string, param: string): EndpointError => ({ status: 404, code: 'resource_missing', message: `No such ${what}: ${id}.`, param });
export const MISSING = { account: 'acc_missing', transaction: 'txn_missing', tenant: '00000000-0000-4000-8000-000000000000', webhook: 'wh_missing' } as const;
export const TENANT_NOT_FOUND = notFound(`${ACCOUNTING} tenant`, MISSING.tenant, 'tenant_id');
export const TRANSACTIONS_NOT_FOUND = notFound('transaction', MISSING.transaction, 'transaction_ids[0]');
export const OBJECT_LIMIT: EndpointError = {
  status: 400,
  code: 'sandbox_object_limit',
  message: `This sandbox key holds ${SANDBOX_MAX_OBJECTS_PER_KEY} of the ${SANDBOX_MAX_OBJECTS_PER_KEY} objects a key may hold, and this request would create 1 more. Create a new key with POST ${SANDBOX_KEYS_URL} to start afresh.`,
  param: null,
};
export const planCap = (what: string, plan: PlanId, limit: number): EndpointError => ({
  status: 403,
  code: 'plan_limit_reached',
  message: `The ${getPlan(plan).name} plan allows ${formatLimit(limit)} ${what}. Upgrade for more.`,
  param: null,
});
export const listLimit = (what: string, plan: PlanId, max: number): EndpointError => ({
  status: 400,
  code: 'parameter_out_of_range',
  message: `Invalid limit: the ${getPlan(plan).name} plan lists at most ${max} ${what} per request.`,
  param: 'limit',
});
export const eventNotInPlan = (param: string): EndpointError => ({ status: 403, code: 'event_not_in_plan', message: 'The account.updated event requires the Business or Enterprise plan.', param });
