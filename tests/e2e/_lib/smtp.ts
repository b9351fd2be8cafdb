import { simpleParser, type ParsedMail } from 'mailparser';
import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Client connections accepted so far (pooled delivery reuses a few). */
  connections: () => number;
  /** Resolves once at least n messages arrived; rejects after timeoutMs. */
  waitForMessages: (n: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  stop: () => Promise<void>;
}

export interface SmtpOptions {
  port?: number;
  /**
   * Reply code to refuse the n-th RCPT TO with (0-based), e.g. 550 or 421; undefined accepts.
   * How a receiving server says "never" (5yz) or "not now" (4yz).
   */
  refuseRecipient?: (n: number) => number | undefined;
  /** Parse and keep messages (default); off for the bench, where parsing would be the bottleneck. */
  parse?: boolean;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. */
export function startSmtp(options: SmtpOptions = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  let connections = 0;
  let recipients = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    // The server under test keeps pooled SMTP connections open while it runs; stopping the sink
    // closes them after this instead of waiting for the client (smtp-server's default is 30 s).
    closeTimeout: 500,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      const code = options.refuseRecipient?.(recipients++);
      if (code === undefined) {
        callback();
        return;
      }
      callback(Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code }));
    },
    onData(stream, _session, callback) {
      if (options.parse === false) {
        stream.on('data', () => undefined);
        stream.on('end', () => {
          messages.push({} as ParsedMail);
          waiters.forEach((w) => w());
          callback();
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          waiters.forEach((w) => w());
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  // As a production MTA would: replies are not held back waiting for the client's ACKs.
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}`,
        messages,
        connections: () => connections,
        waitForMessages: (n, timeoutMs = 10_000) =>
          new Promise((res, rej) => {
            const check = () => {
              if (messages.length >= n) {
                clearTimeout(timer);
                res(messages);
                return true;
              }
              return false;
            };
            const timer = setTimeout(() => rej(new Error(`expected ${n} messages, got ${messages.length}`)), timeoutMs);
            if (!check()) waiters.push(() => void check());
          }),
        stop: () => new Promise((res) => server.close(() => res())),
      });
    });
  });
}
