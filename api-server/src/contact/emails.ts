import type { OutgoingMail } from '../mail/outbox';
import { escapeHtml, htmlParagraphs } from '../mail/sanitize';
import type { ContactMessage } from './store';

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
