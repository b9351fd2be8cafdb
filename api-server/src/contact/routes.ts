import express from 'express';
import { contactRequestSchema, type ContactResponse } from '../../../src/schemas/contact';
import type { Feature } from '../deps';
import { judgeSubmission } from '../form-token/tokens';
import { parsedBody, validateBody } from '../http/validate';
import { submitContact } from './service';
import { contactMigrations } from './table';

/** POST /api/contact: { name, email, message, company?, phone? } → { success }. */
export const contactFeature: Feature = {
  name: 'contact',
  prefix: '/contact',
  migrations: contactMigrations,
  routes({ now, outbox, config, logger, limiters, writes, formTokens }) {
    const router = express.Router();
    router.post('', limiters.forms, validateBody(contactRequestSchema), async (_req, res) => {
      const body = parsedBody(res, contactRequestSchema);
      const ok: ContactResponse = { success: true };
      if (judgeSubmission(body, formTokens, now().getTime()) === 'bot') {
        // A bot must not learn it was caught: same answer, nothing stored or mailed.
        logger.info({ honeypot: Boolean(body.website) }, 'contact message discarded as spam');
        res.json(ok);
        return;
      }
      const msg = await writes.run((tx) => submitContact({ db: tx, outbox, now, salesEmail: config.salesEmail }, body));
      logger.info({ messageId: msg.id }, 'contact message stored');
      res.json(ok);
    });
    return router;
  },
};
