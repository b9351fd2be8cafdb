import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Resolves once at least n messages arrived; rejects after timeoutMs. */
  waitForMessages: (n: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  stop: () => Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. */
export function startSmtp(options: { port?: number } = {}): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          waiters.forEach((w) => w());
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        port,
        url: `smtp://127.0.0.1:${port}`,
        messages,
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
