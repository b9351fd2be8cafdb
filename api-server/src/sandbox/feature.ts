import express from 'express';
import { SANDBOX_KEYS_PER_MINUTE } from '../../../src/data/sandbox';
import { sandboxKeyRequestSchema, type SandboxKeyResponse } from '../../../src/schemas/sandbox';
import type { Feature } from '../deps';
import { HttpError } from '../http/errors';
import { IdempotencyStore } from '../http/idempotency';
import { perMinuteLimit } from '../http/rateLimit';
import { parsedBody, validateBody } from '../http/validate';
import { mintKey } from './keys';
import { requestLogRoute } from './requestLog';
import { setRequestId } from './requestId';
import { SANDBOX_IDEMPOTENCY_TABLE, sandboxMigrations } from './table';

/** POST /api/sandbox/keys: mints a test key for a plan (the live API's envelope, as every /api call). */
export const sandboxKeysFeature: Feature = {
  name: 'sandbox',
  migrations: sandboxMigrations,
  routes({ db, writes, now, counters, logger, limiters }) {
    const router = express.Router();
    const limiter = perMinuteLimit(counters, {
      name: 'sandbox-keys',
      perMinute: SANDBOX_KEYS_PER_MINUTE,
      whenDown: 'refuse',
      refuse: () => new HttpError(429, 'Too many sandbox keys requested. Please wait a minute and try again.'),
    });
    router.post('/sandbox/keys', setRequestId, limiter, validateBody(sandboxKeyRequestSchema), async (_req, res) => {
      const { plan } = parsedBody(res, sandboxKeyRequestSchema);
      const minted = await writes.run((tx) => mintKey({ db: tx, now }, plan));
      logger.info({ plan }, 'sandbox key created');
      res.status(201).json({ success: true, ...minted } satisfies SandboxKeyResponse);
    });
    router.get('/sandbox/requests', limiters.api, requestLogRoute({ db, now }));
    return router;
  },
  async recover({ db, now, logger }) {
    // Claims a dead process left: nothing was stored with them (the answer commits with the operation).
    const counts = await new IdempotencyStore(db, SANDBOX_IDEMPOTENCY_TABLE, now).recover(async () => 'release');
    if (counts.released > 0) logger.info(counts, 'sandbox idempotency keys left in progress were released');
  },
};
