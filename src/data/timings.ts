/** Every delay the user can see, in one place (spec section 9). */
export const TIMINGS = {
  /** From the checkout's 'Processing payment...' message to /success. */
  checkoutRedirectMs: 2_000,
  /** From /success to /api-docs/{plan}. */
  successRedirectMs: 3_000,
  /** The /success countdown starts here and ticks once a second. */
  countdownStartSeconds: 10,
  /** Scheduled redirect from /success to the hosted authentication flow. */
  authRedirectMs: 10_000,
  /** How long a copy button shows Copied!. */
  copyConfirmationMs: 2_000,
} as const;

/** Sample expiries used in the API documentation, in seconds. */
export const SAMPLE_EXPIRIES = {
  accessTokenSeconds: 3600,
  accountingTokenSeconds: 1800,
  oauthStateSeconds: 600,
} as const;

/** The promise shown beside the contact form. */
export const CONTACT_RESPONSE_HOURS = 24;
