import type { ContactRequest } from '../../../src/schemas/contact';
import { atomically, type Db } from '../db/database';
import type { OutboxStore } from '../mail/outbox';
import { salesMail } from './emails';
import { ContactStore, type ContactMessage } from './store';

export interface ContactDeps {
  db: Db;
  outbox: OutboxStore;
  now: () => Date;
  salesEmail: string;
}

/** Stores the message and queues the sales mail in one transaction (`deps.db`'s, or its own): both happen, or neither. */
export function submitContact(deps: ContactDeps, request: ContactRequest): Promise<ContactMessage> {
  return atomically(deps.db, async (tx) => {
    const msg = await new ContactStore(tx, deps.now).insert({
      name: request.name,
      email: request.email,
      message: request.message,
      company: request.company || null,
      phone: request.phone || null,
    });
    await deps.outbox.enqueue(salesMail(msg, deps.salesEmail), tx);
    return msg;
  });
}
