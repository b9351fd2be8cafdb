import { randomInt } from 'node:crypto';
import { SUPPORT_PRIORITIES, TICKET_ID_PREFIX } from '../../../src/data/support';
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

/**
 * Stores the ticket and queues both emails in one transaction: either the ticket and its two
 * mails exist, or nothing does. Returns the ticket id only after the commit.
 */
export function createTicket(deps: SupportServiceDeps, req: SupportRequest): NewTicket {
  const store = new TicketStore(deps.db);
  const created = deps.now();
  const hours = SUPPORT_PRIORITIES[req.priority].responseHours;
  const accountId = req.accountId ? req.accountId : null;
  const save = (ticket: NewTicket) =>
    atomically(deps.db, () => {
      store.insert(ticket);
      deps.outbox.enqueue(supportTeamMail(ticket, deps.supportEmail));
      deps.outbox.enqueue(customerConfirmationMail(ticket, deps.supportEmail));
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
      save(ticket);
      return ticket;
    } catch (err) {
      // A collision fails the INSERT, the first statement, so nothing of this attempt is
      // stored; draw a new id and try again.
      if (!isDuplicateTicketId(err) || attempt >= MAX_ID_ATTEMPTS) throw err;
    }
  }
}
