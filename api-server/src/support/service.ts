import { randomInt } from 'node:crypto';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, SUPPORT_PRIORITIES, TICKET_ID_PREFIX } from '../../../src/data/support';
import type { SupportRequest } from '../../../src/schemas/support';
import { atomically, lockKey, type Db } from '../db/database';
import type { OutboxStore } from '../mail/outbox';
import { customerConfirmationMail, supportTeamMail } from './emails';
import { TicketStore, type NewTicket } from './store';

/** No 0/O or 1/I: ticket ids are read aloud on the phone and typed from emails. */
export const TICKET_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TICKET_ID_LENGTH = 6;
export const TICKET_ID_PATTERN = new RegExp(`^${TICKET_ID_PREFIX}[${TICKET_ALPHABET}]{${TICKET_ID_LENGTH}}$`);

/** `SUP-7K3M9Q`: 32^6 (about a billion) ids drawn with a CSPRNG, so they cannot be guessed. */
export function generateTicketId(rand: (max: number) => number = randomInt): string {
  let id = TICKET_ID_PREFIX;
  for (let i = 0; i < TICKET_ID_LENGTH; i++) id += TICKET_ALPHABET[rand(TICKET_ALPHABET.length)];
  return id;
}

export interface SupportServiceDeps {
  db: Db;
  outbox: OutboxStore;
  now: () => Date;
  supportEmail: string;
  /** Injectable so tests can force a collision. */
  newTicketId?: () => string;
}

const MAX_ID_ATTEMPTS = 5;

export interface CreatedTicket extends NewTicket {
  /** False when the address already had its receipts for the day (the team is mailed regardless). */
  confirmationQueued: boolean;
}

/**
 * Stores the ticket and queues its emails in one transaction: either the ticket and its mails
 * exist, or nothing does. Returns the ticket id only after the commit.
 */
export async function createTicket(deps: SupportServiceDeps, req: SupportRequest): Promise<CreatedTicket> {
  const created = deps.now();
  const hours = SUPPORT_PRIORITIES[req.priority].responseHours;
  const accountId = req.accountId ? req.accountId : null;
  const dayAgo = new Date(created.getTime() - 24 * 3_600_000).toISOString();
  return atomically(deps.db, async (tx) => {
    const store = new TicketStore(tx);
    // Counted before the insert, inside the transaction and under the address's lock, so
    // concurrent posts cannot both slip under. An address already at its limit gets no receipt
    // whatever the others do: it takes no lock, so a flood from one address is not serialised
    // on it (on PostgreSQL every such post waited for the one before to commit).
    const underLimit = async () => (await store.countByEmailSince(req.email, dayAgo, CONFIRMATIONS_PER_ADDRESS_PER_DAY)) < CONFIRMATIONS_PER_ADDRESS_PER_DAY;
    let confirm = await underLimit();
    if (confirm) {
      await lockKey(tx, `support-receipts:${req.email.toLowerCase()}`);
      confirm = await underLimit();
    }
    for (let attempt = 1; ; attempt++) {
      const ticket: NewTicket = {
        ticketId: (deps.newTicketId ?? generateTicketId)(),
        name: req.name,
        email: req.email,
        subject: req.subject,
        message: req.message,
        priority: req.priority,
        category: req.category,
        accountId,
        createdAt: created.toISOString(),
        respondBy: new Date(created.getTime() + hours * 3_600_000).toISOString(),
      };
      // A collision stores nothing: draw a new id and try again.
      if ((await store.insert(ticket)) === undefined) {
        if (attempt >= MAX_ID_ATTEMPTS) throw new Error(`No free ticket id after ${attempt} draws (UNIQUE ticket_id taken each time)`);
        continue;
      }
      await deps.outbox.enqueue(supportTeamMail(ticket, deps.supportEmail), tx);
      if (confirm) await deps.outbox.enqueue(customerConfirmationMail(ticket, deps.supportEmail), tx);
      return { ...ticket, confirmationQueued: confirm };
    }
  });
}
