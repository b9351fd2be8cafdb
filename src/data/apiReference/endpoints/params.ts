/** Builders of the endpoint entries' parameters and schemas, shared by every section's list. */
import { PLAN_IDS, type PlanId } from '../../plans';
import { ACCOUNTING_PROVIDER } from '../../site';
import { ACCOUNTING, CURRENCY_EXAMPLES } from '../common';
import type { ApiEndpoint, ApiParam, JsonSchema } from '../types';

export const ALL: readonly PlanId[] = PLAN_IDS;
export const PAID_TIERS: readonly PlanId[] = ['business', 'enterprise'];

export const q = (name: string, required: boolean, description: string, schema: JsonSchema): ApiParam => ({ name, in: 'query', required, description, schema });
export const p = (name: string, description: string): ApiParam => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
export const b = (name: string, required: boolean, description: string, schema: JsonSchema): ApiParam => ({ name, in: 'body', required, description, schema });
export const S = (description = ''): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
export const DATE: JsonSchema = { type: 'string', format: 'date' };
export const CURRENCY: JsonSchema = { type: 'string', description: 'ISO 4217 code', examples: CURRENCY_EXAMPLES };
export const list = (ref: string): JsonSchema => ({
  type: 'object',
  properties: { data: { type: 'array', items: { $ref: ref } }, has_more: { type: 'boolean' } },
  required: ['data', 'has_more'],
});
/** The cursor of every list: added after the spec, so optional (the spec's calls stay as they were). */
export const cursor = (what: string, example: string): ApiParam => ({
  ...q('starting_after', false, `Cursor for the next page: the id of the last ${what} of the previous page. Lists answer has_more: true while more follow.`, S()),
  example,
});

export const tenant = q('tenant_id', true, `${ACCOUNTING_PROVIDER.name} tenant id from GET /${ACCOUNTING}/organizations.`, S());

/**
 * Checks every entry against ApiEndpoint while keeping each literal id, so EndpointId is made
 * from the lists: a misspelled id anywhere (MDX props, lookups, the sandbox's operations) is a
 * compile error rather than a broken page.
 */
export const defineEndpoints = <Id extends string>(list: readonly (ApiEndpoint & { id: Id })[]) => list;
