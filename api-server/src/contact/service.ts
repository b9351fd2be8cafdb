import type { ContactRequest } from '../../../src/schemas/contact';
import { atomically, type Db } from '../db/database';
import type { OutboxStore, OutgoingMail } from '../mail/outbox';
import { escapeHtml, htmlParagraphs } from '../mail/sanitize';
import type { ContactMessage, ContactStore } from './store';

/** The sales notification: reply goes straight to the sender; the subject names them and their company. */
export function salesMail(msg: ContactMessage, salesEmail: string): OutgoingMail {
  const who = msg.company ? `${msg.name} (${msg.company})` : msg.name;
  const rows: [string, string][] = [
    ['Name', msg.name],
    ['Email', msg.email],
    ['Company', msg.company ?? '-'],
    ['Phone', msg.phone ?? '-'],
    ['Received', msg.createdAt],
    ['Reference', msg.id],
  ];
  return {
    ref: `contact:${msg.id}`,
    to: salesEmail,
    replyTo: msg.email,
    subject: `New contact message from ${who}`,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${msg.message}\n`,
    html:
      `<table>${rows.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>` +
      `<p>${htmlParagraphs(msg.message)}</p>`,
  };
}

export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly store: ContactStore,
    private readonly outbox: OutboxStore,
    private readonly salesEmail: string,
  ) {}

  /** Stores the message and queues the sales mail in one transaction (`db`'s, or its own): both happen, or neither. */
  submit(request: ContactRequest, db: Db = this.db): Promise<ContactMessage> {
    return atomically(db, async (tx) => {
      const msg = await this.store.insert(
        {
          name: request.name,
          email: request.email,
          message: request.message,
          company: request.company || null,
          phone: request.phone || null,
        },
        tx,
      );
      await this.outbox.enqueue(salesMail(msg, this.salesEmail), tx);
      return msg;
    });
  }
}
