import { createHmac, timingSafeEqual } from 'node:crypto';
import { FORM_TOKEN_MAX_AGE_MS, MIN_FILL_MS } from '../../../src/schemas/common';
import { HttpError } from '../http/errors';

export const FORM_TOKEN_MESSAGES = {
  missing: 'This form could not be verified. Please reload the page and try again.',
  expired: 'This form has expired. Please reload the page and try again.',
} as const;

export type TokenVerdict = 'ok' | 'missing' | 'invalid' | 'expired' | 'too-fresh';

/**
 * Signed form tokens: `v1.<issued ms>.<HMAC-SHA256>`. The issue time is the server's clock, so
 * the fill time cannot be claimed by the client, and a forged or edited token fails the HMAC.
 */
export class FormTokens {
  constructor(private readonly key: Buffer) {}

  private sign(issuedAt: number): string {
    return createHmac('sha256', this.key).update(`v1.${issuedAt}`).digest('base64url');
  }

  issue(now: number): string {
    return `v1.${now}.${this.sign(now)}`;
  }

  verify(token: string | undefined, now: number): TokenVerdict {
    if (token === undefined || token === '') return 'missing';
    const match = /^v1\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'invalid';
    const issuedAt = Number(match[1]);
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = Buffer.from(this.sign(issuedAt), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const age = now - issuedAt;
    if (age > FORM_TOKEN_MAX_AGE_MS) return 'expired';
    if (age < MIN_FILL_MS) return 'too-fresh';
    return 'ok';
  }
}

/**
 * The spam verdict of a public form post. 'bot' (a filled honeypot, or a submit sooner than a
 * person can fill the form) is answered like a success, so a bot learns nothing; a missing,
 * forged or expired token throws a 400 with a message a person can act on.
 */
export function judgeSubmission(
  body: { website?: string | undefined; formToken?: string | undefined },
  tokens: FormTokens,
  now: number,
): 'person' | 'bot' {
  const verdict = tokens.verify(body.formToken, now);
  if (verdict === 'missing' || verdict === 'invalid') throw new HttpError(400, FORM_TOKEN_MESSAGES.missing);
  if (verdict === 'expired') throw new HttpError(400, FORM_TOKEN_MESSAGES.expired);
  if (body.website && body.website.trim() !== '') return 'bot';
  return verdict === 'too-fresh' ? 'bot' : 'person';
}
