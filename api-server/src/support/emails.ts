import { formatResponseTime, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../../../src/data/support';
import { SITE } from '../../../src/data/site';
import type { OutgoingMail } from '../mail/outbox';
import { escapeHtml, htmlParagraphs } from '../mail/sanitize';
import type { NewTicket } from './store';

/**
 * Outbox `ref` of every mail about a ticket. The tickets command finds them by it and by the
 * ticket's creation time, which each of them carries (OutgoingMail.createdAt).
 */
export function ticketRef(ticketId: string): string {
  return `support:${ticketId}`;
}

/** `"Ada Lovelace" <ada@example.com>` with the characters that would break the quoting removed. */
function mailbox(name: string, email: string): string {
  const safeName = name.replace(/["\\<>]/g, '').trim();
  return safeName ? `"${safeName}" <${email}>` : email;
}

function detailRows(t: NewTicket): [string, string][] {
  return [
    ['Ticket', t.ticketId],
    ['Priority', `${SUPPORT_PRIORITIES[t.priority].label} (respond within ${formatResponseTime(SUPPORT_PRIORITIES[t.priority].responseHours)})`],
    ['Category', SUPPORT_CATEGORIES[t.category].label],
    ['Name', t.name],
    ['Email', t.email],
    ...(t.accountId ? ([['Account ID', t.accountId]] as [string, string][]) : []),
    ['Created', t.createdAt],
    ['Respond by', t.respondBy],
  ];
}

function htmlTable(rows: [string, string][]): string {
  const body = rows
    .map(([k, v]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('');
  return `<table cellspacing="0" cellpadding="0">${body}</table>`;
}

/** The mail the support team works from: reply-to is the customer, so answering reaches them. */
export function supportTeamMail(t: NewTicket, supportEmail: string): OutgoingMail {
  const priority = SUPPORT_PRIORITIES[t.priority].label;
  const category = SUPPORT_CATEGORIES[t.category].label;
  const rows = detailRows(t);
  return {
    ref: ticketRef(t.ticketId),
    createdAt: t.createdAt,
    to: supportEmail,
    replyTo: mailbox(t.name, t.email),
    subject: `[${t.ticketId}] [${priority}] [${category}] ${t.subject}`,
    text: [
      `New support ticket ${t.ticketId}`,
      '',
      ...rows.map(([k, v]) => `${k}: ${v}`),
      '',
      `Subject: ${t.subject}`,
      '',
      t.message,
      '',
      'Reply to this email to answer the customer.',
    ].join('\n'),
    html:
      `<h2>New support ticket ${escapeHtml(t.ticketId)}</h2>${htmlTable(rows)}` +
      `<h3>${escapeHtml(t.subject)}</h3><p>${htmlParagraphs(t.message)}</p>` +
      `<p style="color:#666">Reply to this email to answer the customer.</p>`,
  };
}

/**
 * The submitter's receipt: the ticket id to quote, its category and when to expect an answer.
 * It goes to whatever address was typed into a public form, which nobody has verified, so it
 * carries nothing the sender wrote: no name, no subject, no message, and no display name on
 * the address. Otherwise the form would relay anyone's words to anyone's inbox under our name.
 */
export function customerConfirmationMail(t: NewTicket, supportEmail: string): OutgoingMail {
  const hours = formatResponseTime(SUPPORT_PRIORITIES[t.priority].responseHours);
  const category = SUPPORT_CATEGORIES[t.category].label;
  const greeting = 'Hello,';
  const intro = `We have received your support request. Your ticket number is ${t.ticketId}.`;
  const promise = `Based on its ${SUPPORT_PRIORITIES[t.priority].label.toLowerCase()} priority, our team will respond within ${hours}.`;
  const quote = `Please quote ${t.ticketId} in any follow-up. You can reply to this email to add details.`;
  const notYou = `If you did not contact ${SITE.name} support, you can ignore this email.`;
  return {
    ref: ticketRef(t.ticketId),
    createdAt: t.createdAt,
    to: t.email,
    replyTo: supportEmail,
    subject: `[${t.ticketId}] We received your support request`,
    text: [greeting, '', intro, promise, '', `Category: ${category}`, '', quote, '', notYou, '', `The ${SITE.name} support team`].join('\n'),
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}<br>${escapeHtml(promise)}</p>` +
      `<p>Category: ${escapeHtml(category)}</p>` +
      `<p>${escapeHtml(quote)}</p><p style="color:#666">${escapeHtml(notYou)}</p><p>The ${escapeHtml(SITE.name)} support team</p>`,
  };
}
