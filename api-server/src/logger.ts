import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Never log credentials or personal message bodies.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password'], remove: true },
  });
}
