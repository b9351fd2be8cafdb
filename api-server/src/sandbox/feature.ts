import express, { type RequestHandler } from 'express';
import type { PlanId } from '../../../src/data/plans';
import { SANDBOX_KEYS_PER_MINUTE } from '../../../src/data/sandbox';
import { sandboxKeyPinRequestSchema, sandboxKeyRequestSchema, type SandboxKeyResponse } from '../../../src/schemas/sandbox';
import type { Writes } from '../db/database';
import type { Feature } from '../deps';
import type { Counters } from '../counters';
import type { Logger } from '../logger';
import { HttpError } from '../http/errors';
import { IdempotencyStore } from '../idempotency';
import type { AppMetrics } from '../http/metrics';
import { perMinuteLimit } from '../http/rateLimit';
import { parsedBody, validateBody } from '../http/validate';
import { eventStreamRoute } from './events/stream';
import { sandboxClockMigrations } from './clock/table';
import { sandboxEventMigrations } from './events/table';
import { mintKey } from './keys';
import { movePin } from './pin';
import { requestLogRoute } from './requestLog';
import { setRequestId } from './requestId';
import { SANDBOX_IDEMPOTENCY_TABLE, sandboxMigrations } from './table';
import { webhookQueueMigrations } from './webhooks/table';

const keyLimiters = new WeakMap<Counters, RequestHandler>();

/**
 * The per-client limit on minting keys, one per set of counters: the MCP server's
 * create_sandbox_key (api-server/src/mcp) counts against the same limit as POST /api/sandbox/keys.
 */
export function sandboxKeyLimiter(counters: Counters, metrics?: AppMetrics): RequestHandler {
  let limiter = keyLimiters.get(counters);
  if (!limiter) {
    limiter = perMinuteLimit(counters, {
      name: 'sandbox-keys',
      perMinute: SANDBOX_KEYS_PER_MINUTE,
      whenDown: 'refuse',
      refuse: () => new HttpError(429, 'Too many sandbox keys requested. Please wait a minute and try again.'),
    }, metrics);
    keyLimiters.set(counters, limiter);
  }
  return limiter;
}

/** Mints a key as an acknowledged write (the service behind POST /api/sandbox/keys and create_sandbox_key). */
export async function issueKey(deps: { writes: Writes; now: () => Date; logger: Logger; metrics?: AppMetrics }, plan: PlanId): Promise<Omit<SandboxKeyResponse, 'success'>> {
  const minted = await deps.writes.run((tx) => mintKey({ db: tx, now: deps.now }, plan));
  deps.logger.info({ plan }, 'sandbox key created');
  deps.metrics?.sandboxKeyMinted(plan);
  return minted;
}

/** POST /api/sandbox/keys: mints a test key for a plan (the live API's envelope, as every /api call). */
export const sandboxKeysFeature: Feature = {
  name: 'sandbox',
  prefix: '/sandbox',
  migrations: [...sandboxMigrations, ...webhookQueueMigrations, ...sandboxEventMigrations, ...sandboxClockMigrations],
  routes({ db, writes, now, counters, logger, limiters, metrics }) {
    const router = express.Router();
    const limiter = sandboxKeyLimiter(counters, metrics);
    router.post('/keys', setRequestId, limiter, validateBody(sandboxKeyRequestSchema), async (_req, res) => {
      const { plan } = parsedBody(res, sandboxKeyRequestSchema);
      const minted = await issueKey({ writes, now, logger, metrics }, plan);
      res.status(201).json({ success: true, ...minted } satisfies SandboxKeyResponse);
    });
    // Upgrade the key's pinned API version, or roll it back within the window (docs/guide/versioning.mdx).
    router.post('/keys/version', limiters.api, validateBody(sandboxKeyPinRequestSchema), async (req, res) => {
      const { version } = parsedBody(res, sandboxKeyPinRequestSchema);
      res.json(await writes.run((tx) => movePin({ db: tx, now }, req.get('authorization'), version)));
    });
    router.get('/requests', limiters.api, requestLogRoute({ db, now }));
    router.get('/events', limiters.api, eventStreamRoute({ db, now, logger, metrics }));
    return router;
  },
  async recover({ db, now, logger }) {
    // Claims a dead process left: nothing was stored with them (the answer commits with the operation).
    const counts = await new IdempotencyStore(db, SANDBOX_IDEMPOTENCY_TABLE, now).recover(async () => 'release');
    if (counts.released > 0) logger.info(counts, 'sandbox idempotency keys left in progress were released');
  },
};
