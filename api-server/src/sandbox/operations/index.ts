import { API_ENDPOINTS, type ApiEndpoint } from '../../../../src/data/apiReference';
import { lockKey, type Db } from '../../db/database';
import type { SandboxKey, SandboxServiceDeps } from '../keys';
import { SandboxStore } from '../store';
import { clockTime } from '../clock/store';
import { withAllowances } from '../clock/allowances';
import { CLOCK_OPERATIONS } from '../clock/operations';
import { SIMULATION_OPERATIONS } from '../clock/simulations';
import { ACCOUNTING_OPERATIONS } from './accounting';
import { AUTH_OPERATIONS } from './auth';
import { BANKING_OPERATIONS } from './banking';
import type { Answer, Operation } from './context';
import { WEBHOOK_OPERATIONS } from './webhooks';
import { WHITE_LABEL_OPERATIONS } from './whiteLabel';

export type { Answer } from './context';

/** Every documented operation by endpoint id, one module per domain of the reference. */
export const OPERATIONS: Record<string, Operation> = { ...AUTH_OPERATIONS, ...BANKING_OPERATIONS, ...ACCOUNTING_OPERATIONS, ...WEBHOOK_OPERATIONS, ...WHITE_LABEL_OPERATIONS, ...CLOCK_OPERATIONS, ...SIMULATION_OPERATIONS };

const missing = API_ENDPOINTS.filter((e) => !OPERATIONS[e.id]).map((e) => e.id);
if (missing.length) throw new Error(`Sandbox operations missing for documented endpoints: ${missing.join(', ')}`);

/** Runs one documented operation for `key`; POSTs run in `tx` (one transaction with their idempotency record). */
export async function runOperation(deps: SandboxServiceDeps, tx: Db, endpoint: ApiEndpoint, key: SandboxKey, params: Record<string, unknown>): Promise<Answer> {
  // Counts (per-key bound, plan caps) are read and then written: one writer per key at a time.
  if (endpoint.method === 'POST') await lockKey(tx, `sandbox-key:${key.id}`);
  const realNow = deps.now().getTime();
  // Read in the operation's transaction, after the lock: an advance of this key is wholly before or after.
  const now = await clockTime(tx, key.id, realNow);
  const ctx = { store: new SandboxStore(tx), db: tx, key, params, now, realNow, maxObjects: deps.maxObjectsPerKey };
  return withAllowances(ctx, endpoint, OPERATIONS[endpoint.id]!);
}
