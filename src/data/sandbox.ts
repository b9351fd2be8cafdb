/**
 * The v1 sandbox (issue 17): test keys answered by our own server at SANDBOX_BASE_PATH + each
 * documented path. Its limits and texts live here so the README, the docs and the server agree.
 */
import { PLAN_LIMITS } from './limits';
import type { PlanId } from './plans';

/** Where the sandbox answers: `${SANDBOX_BASE_PATH}/banking/accounts` and so on. */
export const SANDBOX_BASE_PATH = '/sandbox/v1';
/** Where a test key is minted (POST, JSON `{"plan"}`). */
export const SANDBOX_KEYS_URL = '/api/sandbox/keys';
/** Moves a key's pinned API version (docs/guide/versioning.mdx#pinning), the key in Authorization. */
export const SANDBOX_KEY_PIN_URL = `${SANDBOX_KEYS_URL}/version`;
export const SANDBOX_KEY_PREFIX = 'sk_test_';
export const SANDBOX_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Keys one client may mint per minute; each key stores data, so minting is the costly part. */
export const SANDBOX_KEYS_PER_MINUTE = 10;
/** Objects (accounts, transactions, payments, webhooks, deliveries…) one key may create; overridable by SANDBOX_MAX_OBJECTS_PER_KEY. */
export const SANDBOX_MAX_OBJECTS_PER_KEY = 500;
/** Page size of a list call without `limit`. */
export const SANDBOX_DEFAULT_PAGE_SIZE = 10;
/**
 * Webhook deliveries (issue 27): the sandbox POSTs each signed event to the webhook's URL
 * through a durable queue. One place for the schedule, timeouts and limits, which the server
 * (api-server/src/sandbox/webhooks) and the Webhooks guide both read.
 */
export const SANDBOX_WEBHOOK_DELIVERY = {
  /** The first retry waits about this long; each next one twice as long as the one before… */
  firstRetryMs: 1_000,
  backoffFactor: 2,
  /** …up to this, so a developer sees every retry while they work (each well under a minute). */
  maxRetryDelayMs: 30_000,
  /** Each wait is moved at random by up to this fraction either way, so retries spread out. */
  jitter: 0.2,
  /** Time to open the TCP and TLS connection to the endpoint. */
  connectTimeoutMs: 3_000,
  /** Time for the whole attempt, answer included; then the attempt fails as a timeout. */
  totalTimeoutMs: 10_000,
  /** Bytes of the endpoint's answer that are read and kept with the attempt; the rest is never read. */
  maxResponseBytes: 1_024,
  /** Deliveries one key may queue per minute (test events, resends and events of sandbox calls). */
  perKeyPerMinute: 30,
  /** Attempts in flight to one host at a time, per server instance; more wait their turn. */
  perHostConcurrency: 2,
} as const;

/** The wait before retry `retry` (1 = the first retry), without jitter. */
export function webhookRetryDelayMs(retry: number): number {
  const d = SANDBOX_WEBHOOK_DELIVERY;
  return Math.min(d.firstRetryMs * d.backoffFactor ** Math.max(0, retry - 1), d.maxRetryDelayMs);
}

/** The waits before each retry a plan's deliveries get (its documented "webhook retry attempts"). */
export function webhookRetrySchedule(plan: PlanId): number[] {
  return Array.from({ length: PLAN_LIMITS[plan].webhookRetryAttempts }, (_, i) => webhookRetryDelayMs(i + 1));
}

/** Requests per minute of one key: the plan's documented rate limit, scaled (tests lower it). */
export function sandboxRateLimit(plan: PlanId, scale = 1): number {
  return Math.max(1, Math.round(PLAN_LIMITS[plan].rateLimitPerMinute * scale));
}

/** Requests kept in each key's log (GET /api/sandbox/requests): the newest, older ones are dropped as new ones arrive. */
export const SANDBOX_REQUEST_LOG_SIZE = 100;
/** Request and response bodies are kept up to this many bytes of JSON; longer ones are cut and marked. */
export const SANDBOX_REQUEST_LOG_BODY_BYTES = 8 * 1024;
/** Where the sandbox key's log is read (GET, Authorization: Bearer <sandbox key>). */
export const SANDBOX_REQUESTS_URL = '/api/sandbox/requests';
/** Written in place of the key and of secret headers' values in the log. */
export const SANDBOX_REDACTED = '[redacted]';

/**
 * Each key's events (issue 27): what the sandbox fires (a test delivery today) is kept per key
 * and streams to whoever holds the key, as Server-Sent Events at SANDBOX_EVENTS_URL. The
 * `ledgerline listen` command forwards them to a local handler.
 */
export const SANDBOX_EVENTS_URL = '/api/sandbox/events';
/** How often an open stream reads the shared table: an event fired on any instance reaches it within this. */
export const SANDBOX_EVENTS_POLL_MS = 500;
/** A comment line this often keeps proxies and balancers from closing a quiet stream. */
export const SANDBOX_EVENTS_HEARTBEAT_MS = 15_000;
/** Streams one key may hold open at once on one server instance. */
export const SANDBOX_EVENT_STREAMS_PER_KEY = 5;
/**
 * Streams one client address may hold open on one instance, whatever keys it uses (a key is free
 * to mint), and all clients together: each open stream is a connection and a query every
 * SANDBOX_EVENTS_POLL_MS. Past the first a client gets 429, past the second 503 with Retry-After.
 */
export const SANDBOX_EVENT_STREAMS_PER_ADDRESS = 25;
export const SANDBOX_EVENT_STREAMS_PER_INSTANCE = 500;
/** Events kept per key for a stream to resume from (Last-Event-ID); older ones are dropped as new ones arrive. */
export const SANDBOX_EVENT_LOG_SIZE = 100;

/** The `ledgerline` command line (npx ledgerline): where it looks for the site, and how it waits before reconnecting. */
export const LEDGERLINE_CLI = {
  name: 'ledgerline',
  defaultApi: 'http://localhost:3000',
  /** Where the docs' and --help's examples forward to: a handler on the developer's machine. */
  exampleForwardTo: 'http://localhost:4242/webhooks',
  /** The first reconnect waits this long, each next one twice as long, up to reconnectMaxMs. */
  reconnectBaseMs: 500,
  reconnectMaxMs: 10_000,
  /** A local handler that has not answered in this long is reported as timed out. */
  forwardTimeoutMs: 10_000,
} as const;

/** The commands the Webhooks guide shows, for the site at `api` (SITE_URL): listen in one terminal, trigger in another. */
export function ledgerlineSample(api: string, event: string): string {
  const { name, exampleForwardTo } = LEDGERLINE_CLI;
  const at = api === LEDGERLINE_CLI.defaultApi ? '' : ` --api ${api}`;
  return [
    '# Terminal 1: forward your key\'s events to your handler',
    `npx ${name} listen --key ${SANDBOX_KEY_PREFIX}... \\\n  --forward-to ${exampleForwardTo}${at}`,
    '',
    '# Terminal 2: fire an event through your webhook',
    `npx ${name} trigger ${event} --key ${SANDBOX_KEY_PREFIX}...${at}`,
  ].join('\n');
}

/** One line of `ledgerline listen` per event: time, type, event id, then what the handler answered (or why it was not sent). */
export function ledgerlineLine(time: string, type: string, eventId: string, outcome: string): string {
  return `${time}  ${type}  ${eventId}  -> ${outcome}`;
}

/** The outcome part of a line: the handler's answer and the webhook whose secret signed it, or the network error. */
export const ledgerlineOutcome = {
  answered: (status: number, statusText: string, ms: number, webhookId: string) => `${`${status} ${statusText}`.trim()} in ${ms} ms [${webhookId}]`,
  failed: (reason: string, forwardTo: string) => `failed: ${reason} (is your handler listening on ${forwardTo}?)`,
};
