import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../logger';
import { HttpError } from './errors';
import type { LoginThrottle } from './loginThrottle';

// Comparing digests keeps the comparison constant-time whatever the input lengths.
const digest = (s: string) => createHash('sha256').update(s).digest();

export interface BasicAuthOptions {
  user: string;
  password: string;
  realm: string;
  throttle: LoginThrottle;
  logger: Logger;
  /** The client address failures are counted under. */
  clientKey: (req: Request) => string;
}

export function basicAuth({ user, password, realm, throttle, logger, clientKey }: BasicAuthOptions): RequestHandler {
  const expected = digest(`${user}:${password}`);
  const challenge: RequestHandler = (req, res) => {
    // A script's fetch (Sec-Fetch-Mode other than navigate) gets no challenge: browsers would
    // hold it behind their password dialog. The admin page shows its sign-in state instead, and
    // loading the page (a navigation) brings up the dialog.
    const mode = req.get('sec-fetch-mode');
    if (mode === undefined || mode === 'navigate') res.set('WWW-Authenticate', `Basic realm="${realm}", charset="UTF-8"`);
    res.set('Cache-Control', 'no-store');
    if (req.originalUrl.startsWith('/api/')) {
      res.status(401).json({ success: false, error: 'Authentication required' });
    } else {
      res.status(401).type('text/plain').send('Authentication required');
    }
  };
  return async (req, res, next) => {
    const header = req.get('authorization');
    // No credentials yet is how every visit starts (the browser asks after this 401): not a guess.
    if (header === undefined) {
      challenge(req, res, next);
      return;
    }
    const address = clientKey(req);
    const retryAfter = await throttle.retryAfter(address);
    if (retryAfter !== undefined) {
      res.set('Retry-After', String(retryAfter));
      res.set('Cache-Control', 'no-store');
      const minutes = Math.ceil(retryAfter / 60);
      next(new HttpError(429, `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`));
      return;
    }
    const space = header.indexOf(' ');
    const scheme = space > 0 ? header.slice(0, space).toLowerCase() : '';
    const given = scheme === 'basic' ? Buffer.from(header.slice(space + 1).trim(), 'base64').toString('utf8') : '';
    if (timingSafeEqual(digest(given), expected)) {
      await throttle.succeeded(address);
      res.locals.adminUser = user;
      next();
      return;
    }
    const colon = given.indexOf(':');
    // The name only, cut short: the part after the colon is the password and is never logged.
    const givenUser = (colon >= 0 ? given.slice(0, colon) : '').slice(0, 100);
    const { addressFailures, userFailures, delayMs } = await throttle.failed(address, givenUser);
    logger.warn(
      { event: 'admin_login_failed', client: address, user: givenUser, path: req.originalUrl.slice(0, 200), addressFailures, userFailures, delayMs },
      'admin sign-in failed',
    );
    await throttle.pause(delayMs);
    challenge(req, res, next);
  };
}
