// Kept apart from the zod schemas so that pages can size their inputs without loading zod
// (see ./lazy.ts).

/** Upper bounds on every free-text field the live API accepts. */
export const MAX = {
  name: 100,
  email: 254,
  company: 120,
  phone: 40,
  subject: 150,
  message: 5000,
  accountId: 64,
  url: 2048,
  domain: 253,
  honeypot: 200,
} as const;

/** Forms submitted faster than this after their token was issued are assumed to be bots. */
export const MIN_FILL_MS = 2_500;
/** A form token older than this is refused: the visitor reloads the page for a fresh one. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 3_600_000;
/** Where a form gets its signed token (GET), answered with FormTokenResponse. */
export const FORM_TOKEN_URL = '/api/form-token';
export interface FormTokenResponse {
  token: string;
}
