import express from 'express';
import { supportRequestSchema, type SupportResponse } from '../../../src/schemas/support';
import type { Feature } from '../deps';
import { judgeSubmission } from '../form-token/tokens';
import { parsedBody, validateBody } from '../http/validate';
import { createTicket, generateTicketId } from './service';
import { supportMigrations } from './table';

/** POST /api/support: files a ticket and queues the team's and the customer's emails. */
export const supportFeature: Feature = {
  name: 'support',
  prefix: '/support',
  migrations: supportMigrations,
  routes({ outbox, now, config, logger, limiters, writes, formTokens }) {
    const router = express.Router();
    router.post('', limiters.forms, validateBody(supportRequestSchema), async (req, res) => {
      const body = parsedBody(res, supportRequestSchema);
      if (judgeSubmission(body, formTokens, now().getTime()) === 'bot') {
        // Answer like a success so the bot learns nothing; nothing is stored or mailed.
        logger.info({ path: req.originalUrl.split('?', 1)[0] }, 'support ticket discarded as spam');
        res.status(201).json({ success: true, ticketId: generateTicketId() } satisfies SupportResponse);
        return;
      }
      const ticket = await writes.run((tx) => createTicket({ db: tx, outbox, now, supportEmail: config.supportEmail }, body));
      logger.info({ ticketId: ticket.ticketId, priority: ticket.priority, category: ticket.category }, 'support ticket created');
      if (!ticket.confirmationQueued) {
        logger.warn({ ticketId: ticket.ticketId }, 'confirmation mail skipped: daily limit for this address reached');
      }
      res.status(201).json({ success: true, ticketId: ticket.ticketId } satisfies SupportResponse);
    });
    return router;
  },
};
