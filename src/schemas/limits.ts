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
