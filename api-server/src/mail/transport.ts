import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxRow } from './outbox';

/** Delivers one message; throws when the receiving server is down or refuses it. */
export type MailSender = (row: OutboxRow) => Promise<void>;

function toMessage(row: OutboxRow) {
  return {
    messageId: row.messageId,
    from: row.from,
    to: row.to,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    date: new Date(row.createdAt),
  };
}

/** Connections kept open to the SMTP server, and messages sent over each before it is renewed. */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 100 } as const;

/**
 * A pooled transport: the worker's concurrent deliveries share a few open connections instead
 * of a TCP + greeting + EHLO round trip per message (one connection a message managed ~50/s).
 */
export function smtpSender(smtpUrl: string, pool: { maxConnections: number; maxMessages: number } = SMTP_POOL): { send: MailSender; close(): void } {
  // nodemailer reads a connection URL's query as transport options and ignores any options
  // object given beside it, so ours go into the query; ones already in SMTP_URL win.
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: String(pool.maxConnections),
    maxMessages: String(pool.maxMessages),
    // Short timeouts: a hung SMTP server must not hold the worker; the outbox retries later.
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '20000',
  };
  for (const [key, value] of Object.entries(defaults)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  const transporter = nodemailer.createTransport(url.toString());
  return {
    send: async (row) => {
      await transporter.sendMail(toMessage(row));
    },
    close: () => transporter.close(),
  };
}

/** With no SMTP_URL, each message becomes an .eml file under DATA_DIR/mail for a newcomer to open. */
export function fileSender(mailDir: string): { send: MailSender; close(): void } {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (row) => {
      fs.mkdirSync(mailDir, { recursive: true });
      const info = (await transporter.sendMail(toMessage(row))) as { message: Buffer };
      const stamp = row.createdAt.replace(/[:.]/g, '-');
      const file = path.join(mailDir, `${stamp}-${String(row.id).padStart(6, '0')}.eml`);
      const tmp = `${file}.tmp`;
      fs.writeFileSync(tmp, info.message);
      fs.renameSync(tmp, file);
    },
    close: () => transporter.close(),
  };
}
