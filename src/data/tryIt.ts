/**
 * "Try it" panels of the API reference and the sandbox-key offer on /success: their texts and
 * where keys are kept (issue 17). The sandbox's addresses and key lifetime live in ./sandbox.ts.
 */
import { COPIED_LABEL } from './clipboard';
import { SANDBOX_KEY_TTL_MS } from './sandbox';
/** localStorage entry prefix; one entry per plan, so each plan's pages reuse their key until it expires. */
export const SANDBOX_KEY_STORAGE_PREFIX = 'ledgerline.sandboxKey.';
/** Response headers the panel shows beside the status: the request id and the rate-limit ones. */
export const SHOWN_RESPONSE_HEADERS = /^(request-id|ratelimit(-.*)?|retry-after)$/i;

export const TRY_IT_COPY = {
  open: 'Try it',
  close: 'Hide Try it',
  loading: 'Loading the console…',
  panelLabel: (call: string) => `Try ${call} against the sandbox`,
  intro: 'Sends this request to the sandbox of the current site, with a test key. Nothing leaves the sandbox.',
  planLabel: 'Plan of the test key',
  keyLabel: 'Test key',
  keyPending: (plan: string) => `A ${plan} test key is created when you first send.`,
  keyExpires: (when: string) => `expires ${when}`,
  paramsTitle: 'Parameters',
  bodyLabel: 'Request body (JSON)',
  idempotencyLabel: 'Idempotency-Key (optional)',
  send: 'Send',
  sending: 'Sending…',
  copyCurl: 'Copy as curl',
  curlCopied: COPIED_LABEL,
  curlTitle: 'The same request for a terminal',
  /** Names differ per call: several open panels on one page must not share a landmark name. */
  responseLabel: (call: string) => `Response to ${call}`,
  requestIdLabel: 'Request-Id',
  emptyBody: '(empty body)',
  badJson: (detail: string) => `The request body is not valid JSON: ${detail}`,
  missingPath: (name: string) => `Fill in ${name}: it is part of the path.`,
  badHeader: 'The Idempotency-Key may hold printable characters only (no line breaks).',
  networkError: 'The sandbox could not be reached. Check your connection and try again.',
  keyError: 'A test key could not be created.',
} as const;

/** The sandbox-key offer below the spec's content on /success. */
export const SANDBOX_OFFER_COPY = {
  title: 'Try the API now',
  lead: (plan: string) => `Get a test key and call the sandbox as a ${plan} customer would, from the API reference or your terminal. It works for ${SANDBOX_KEY_TTL_MS / 3_600_000} hours.`,
  button: 'Get a sandbox key',
  busy: 'Creating your key…',
  keyLabel: 'Your sandbox key',
  copy: 'Copy key',
  copied: COPIED_LABEL,
  expires: (when: string) => `Expires ${when}.`,
  referenceLink: (plan: string) => `Try it in the ${plan} API reference`,
} as const;

/*
 * Texts of views that load on demand inside the panel (Recent requests: ./tryItRecentRequests.ts)
 * live in modules of their own: this one is imported by the Try it button, so everything in it
 * ships with every reference page's start-up code.
 */
