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

export function smtpSender(smtpUrl: string): { send: MailSender; close(): void } {
  // Short timeouts: a hung SMTP server must not hold the worker; the outbox retries later.
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as nodemailer.TransportOptions);
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
      try {
        fs.writeFileSync(tmp, info.message);
        fs.renameSync(tmp, file);
      } catch (err) {
        // A half-written .tmp (disk full) would only take space; the outbox retries the message.
        fs.rmSync(tmp, { force: true });
        throw err;
      }
    },
    close: () => transporter.close(),
  };
}
