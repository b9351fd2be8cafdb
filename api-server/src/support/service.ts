import { randomInt } from 'node:crypto';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY, SUPPORT_PRIORITIES, TICKET_ID_PREFIX } from '../../../src/data/support';
import type { SupportRequest } from '../../../src/schemas/support';
import { atomically, type Db } from '../db/database';
import type { OutboxStore } from '../mail/outbox';
import { customerConfirmationMail, supportTeamMail } from './emails';
import { isDuplicateTicketId, TicketStore, type NewTicket } from './store';

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
export function createTicket(deps: SupportServiceDeps, req: SupportRequest): CreatedTicket {
  const store = new TicketStore(deps.db);
  const created = deps.now();
  const hours = SUPPORT_PRIORITIES[req.priority].responseHours;
  const accountId = req.accountId ? req.accountId : null;
  const dayAgo = new Date(created.getTime() - 24 * 3_600_000).toISOString();
  const save = (ticket: NewTicket): boolean =>
    atomically(deps.db, () => {
      // Counted before the insert, inside the transaction, so concurrent posts cannot both slip under.
      const confirm = store.countByEmailSince(ticket.email, dayAgo) < CONFIRMATIONS_PER_ADDRESS_PER_DAY;
      store.insert(ticket);
      deps.outbox.enqueue(supportTeamMail(ticket, deps.supportEmail));
      if (confirm) deps.outbox.enqueue(customerConfirmationMail(ticket, deps.supportEmail));
      return confirm;
    });
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
    try {
      return { ...ticket, confirmationQueued: save(ticket) };
    } catch (err) {
      // A collision fails the INSERT, the first statement, so nothing of this attempt is
      // stored; draw a new id and try again.
      if (!isDuplicateTicketId(err) || attempt >= MAX_ID_ATTEMPTS) throw err;
    }
  }
}
