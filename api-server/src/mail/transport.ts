import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
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
  const options: SMTPPool.Options = {
    url: smtpUrl,
    pool: true,
    ...pool,
    // Short timeouts: a hung SMTP server must not hold the worker; the outbox retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  if (new URL(smtpUrl).protocol === 'smtp:') {
    // Nagle's algorithm held the end of each message until the server's delayed ACK (~40 ms),
    // capping a connection at ~23 messages/s. nodemailer has no switch for it, but takes a
    // connected socket. (smtps:// keeps nodemailer's own TLS connect.)
    options.getSocket = (opts, callback) => {
      const socket = net.connect({ host: opts.host ?? 'localhost', port: opts.port ?? 25 });
      socket.setNoDelay(true);
      socket.setTimeout(opts.connectionTimeout ?? 10_000, () => socket.destroy(new Error('connection timeout')));
      // On failure nodemailer connects by itself and reports that error through its usual path:
      // an error handed back here would leave a dead resource in the pool, which then stalls.
      socket.once('error', () => callback(null, false));
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.removeAllListeners('error');
        callback(null, { connection: socket });
      });
    };
  }
  // Built directly: createTransport(url, options) would take these options as message defaults
  // and silently drop pooling and the timeouts.
  const transporter = nodemailer.createTransport(new SMTPPool(options));
  return {
    send: async (row) => {
      await transporter.sendMail(toMessage(row));
    },
    close: () => transporter.close(),
  };
}

/**
 * With no SMTP_URL, each message becomes an .eml file under DATA_DIR/mail for a newcomer to open.
 * Written with the asynchronous fs calls: creating a file waits for the file system's journal,
 * which our own fdatasyncs keep busy under load. Synchronously that wait blocked the event loop
 * for ~3 ms a message: a quarter of the main thread while the worker drained a backlog between
 * bursts of support posts, every request arriving then waiting behind it (issue 28).
 */
export function fileSender(mailDir: string): { send: MailSender; close(): void } {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (row) => {
      await fs.promises.mkdir(mailDir, { recursive: true });
      const info = (await transporter.sendMail(toMessage(row))) as { message: Buffer };
      const stamp = row.createdAt.replace(/[:.]/g, '-');
      const file = path.join(mailDir, `${stamp}-${String(row.id).padStart(6, '0')}.eml`);
      const tmp = `${file}.tmp`;
      try {
        await fs.promises.writeFile(tmp, info.message);
        await fs.promises.rename(tmp, file);
      } catch (err) {
        // A half-written .tmp (disk full) would only take space; the outbox retries the message.
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    close: () => transporter.close(),
  };
}
