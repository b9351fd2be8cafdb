/**
 * What an operator of this server needs at hand: its environment variables and its metrics.
 * ENV_VARS is the one statement of each variable's name, group, default and meaning: the server's
 * zod schema (api-server/src/config.ts) takes its names and defaults from it, the Operations page
 * (docs/guide/operations.mdx, src/components/OperationsTables) and the README's table
 * (`npm run readme`) render it. To add a variable, add its entry here; TypeScript then asks for
 * its rule in config.ts's ENV_RULES.
 */
import { DEFAULT_PORT } from '../domain/siteAddress';
import type { NodeLine } from './nodeLines';
import { SANDBOX_MAX_OBJECTS_PER_KEY } from './sandbox';

export type EnvGroup = 'Server' | 'Storage' | 'Mail' | 'Admin and forms' | 'Limits' | 'Site address' | 'Operations';

export interface EnvVar {
  group: EnvGroup;
  /** What the server uses when the variable is unset or empty, in the type it parses to. */
  default?: number | string;
  /** Without a fixed default: what the server derives from other variables, as shown (`SITE_URL/v1`). */
  derived?: string;
  meaning: string;
}

/** In the order the Operations page and the README show them. */
export const ENV_VARS = {
  PORT: { group: 'Server', default: DEFAULT_PORT, meaning: 'Port of the one process serving site and API.' },
  LOG_LEVEL: { group: 'Server', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent. Logs are JSON lines on standard output.' },
  TRUST_PROXY: { group: 'Server', default: 0, meaning: 'Number of proxies in front of the server (1 behind one load balancer), so rate limits see the client address. Never more than there are.' },
  BUILD_DIR: { group: 'Server', default: './build', meaning: 'The built site the server sends.' },
  DATA_DIR: { group: 'Storage', default: './data', meaning: 'The SQLite database (platform.db, unless DATABASE_URL), the generated admin password and, without SMTP_URL, the mail spool.' },
  DATABASE_URL: { group: 'Storage', meaning: 'postgres://user:password@host:5432/db: PostgreSQL, shared by several instances. Unset: SQLite in DATA_DIR, one instance.' },
  REDIS_URL: { group: 'Storage', meaning: 'redis:// or rediss://: rate limits and sign-in throttling counted there, shared by every instance. Unset: counted in each process.' },
  SMTP_URL: { group: 'Mail', meaning: 'smtp:// or smtps:// relay, pooled (options such as ?maxConnections=2 in the query). Unset: each mail is an .eml file in DATA_DIR/mail.' },
  MAIL_FROM: { group: 'Mail', default: 'Ledgerline <no-reply@ledgerline.localhost>', meaning: 'Sender of every mail.' },
  SALES_EMAIL: { group: 'Mail', default: 'sales@ledgerline.localhost', meaning: 'Receives contact-form messages.' },
  SUPPORT_EMAIL: { group: 'Mail', default: 'support@ledgerline.localhost', meaning: 'Receives support tickets.' },
  MAIL_RETRY_BASE_MS: { group: 'Mail', default: 5_000, meaning: 'First retry delay of mail that failed temporarily, doubled each time up to 30 minutes.' },
  // RFC 5321 4.5.4.1: keep retrying temporary failures for at least 4-5 days.
  MAIL_GIVE_UP_HOURS: { group: 'Mail', default: 120, meaning: 'How long temporary failures are retried before the mail is marked dead. A 5xx refusal is dead at once.' },
  MAIL_LEASE_SECONDS: { group: 'Mail', default: 120, meaning: "How long one instance's worker holds a claimed message, renewed while it is being delivered; a worker killed mid-delivery gives it back then." },
  ADMIN_USER: { group: 'Admin and forms', default: 'admin', meaning: 'HTTP Basic user of /white-label and /api/white-label/*.' },
  ADMIN_PASSWORD: { group: 'Admin and forms', meaning: 'At least 12 characters. Unset: a random one kept in DATA_DIR/admin-password (mode 0600). Give every instance the same one.' },
  SETUP_PASSWORD: { group: 'Admin and forms', default: 'LEDGERLINE-SETUP-2024', meaning: 'The shared setup password shown on /success and in the docs.' },
  RATE_LIMIT_PER_MINUTE: { group: 'Limits', default: 10, meaning: 'Form posts per client and minute.' },
  SANDBOX_RATE_LIMIT_SCALE: { group: 'Limits', default: 1, meaning: "Multiplies each plan's documented per-minute limit for sandbox keys (0 < x ≤ 1)." },
  SANDBOX_MAX_OBJECTS_PER_KEY: { group: 'Limits', default: SANDBOX_MAX_OBJECTS_PER_KEY, meaning: 'Objects one sandbox key may hold, seeds included.' },
  SANDBOX_WEBHOOK_ALLOW: { group: 'Limits', meaning: "Comma-separated host:port pairs (e.g. 127.0.0.1:8443,hooks.internal:443) that sandbox webhook deliveries may reach in spite of the rules (https on port 443, no loopback, private, link-local or metadata address). The pair matches the webhook url's own host and port. Unset: no exceptions. Shown in the start-up log when set." },
  // Derived by src/domain/siteAddress.ts (resolveSiteAddresses), which the build and the server share.
  SITE_URL: { group: 'Site address', derived: 'http://localhost:PORT', meaning: 'Public origin of the site (no path): sitemap, canonical links, social cards, feeds, llms.txt and the Markdown copies name it. Unset: http://localhost:PORT. A change rebuilds the site at the next npm start.' },
  API_BASE_URL: { group: 'Site address', derived: 'SITE_URL/v1', meaning: "Base URL of the production v1 API: the code samples and the OpenAPI document's Production server. Set it when the API answers elsewhere." },
  METRICS_TOKEN: { group: 'Operations', meaning: 'Bearer token of GET /metrics. Unset: /metrics is not served (404).' },
  // Below Kubernetes' 30 s grace period, so the exit is ours.
  SHUTDOWN_TIMEOUT_MS: { group: 'Operations', default: 25_000, meaning: 'After SIGTERM, the longest wait for requests in flight and the mail being sent before the process exits.' },
  // Node's own default. A balancer must not send on a connection the server is closing: keep its idle timeout shorter, or raise this above it.
  KEEP_ALIVE_TIMEOUT_MS: { group: 'Operations', default: 5_000, meaning: "How long a kept-alive connection may sit idle before the server closes it. Behind a load balancer whose idle timeout cannot be made shorter than this, set it longer than that timeout (AWS ALB's default is 60 s: 65000)." },
} as const satisfies Record<string, EnvVar>;

export type EnvName = keyof typeof ENV_VARS;

/** The default of a variable, in its parsed type; `undefined` for one without a fixed default. */
export type EnvDefault<N extends EnvName> = (typeof ENV_VARS)[N] extends { default: infer D } ? D : undefined;

/** A default as the Operations page and the README show it; undefined: unset means off or "not used". */
export function shownDefault(v: EnvVar): string | undefined {
  return v.default === undefined ? v.derived : String(v.default);
}

/** The table as rows, in its order. */
export const ENV_ROWS: readonly (EnvVar & { name: EnvName })[] = (Object.keys(ENV_VARS) as EnvName[]).map((name) => ({ name, ...ENV_VARS[name] }));

/**
 * Load shedding (issue 45, api-server/src/http/overload.ts): while the process is saturated, a new
 * request for the API, the sandbox or MCP gets 503 with Retry-After (`retryAfterS`) instead of
 * waiting. Saturated: as many such requests in flight as the admission limit, or the event loop
 * late by more than `maxLagMs` at its last sample (a timer that should fire every `sampleMs`).
 * With fewer than `minInFlight` in flight nothing is shed: lateness is then not this process's
 * own work, and refusing the little there is would not help.
 *
 * The admission limit follows throughput (Little's law): what the process has completed per
 * second while busy with CPU to spare (its loop late by at most `steadyLagMs`), times
 * `targetQueueMs`, the time an admitted request may wait behind the others, between `minInFlight`
 * and `maxInFlight`. Why not a fixed number: SQLite completes
 * ~7,000 checkouts a second and PostgreSQL ~2,000, so one number is either a short queue on one or
 * a long one on the other; and a fixed 128 turned away, at 10 times the bench's clients, work the
 * process could have done within the budget, while each refusal cost it three quarters of a
 * checkout (goodput 38% of peak). When a database stalls, completions stop and the limit falls to
 * `minInFlight` within a few seconds (`smoothing` a sample), so a stall holds few requests and
 * the rest are told at once. 75 ms keeps an admitted request's p99 near the 100 ms the issue asks.
 * A loop 200 ms late has stopped keeping time for anyone; a lower bar would also shed on a full
 * garbage collection or a busy neighbour on a shared machine.
 *
 * Admitted requests start at most `perTurn` at a time in each phase of an event-loop turn, the
 * rest in order in the turns after (Turns in overload.ts), so a burst never makes one long turn
 * and probes and pages are read between: 16 measured best of 16 and 32 in issue 45's mix.
 */
export const OVERLOAD = { targetQueueMs: 75, minInFlight: 32, maxInFlight: 1024, smoothing: 0.1, steadyLagMs: 20, maxLagMs: 200, sampleMs: 100, retryAfterS: 1, perTurn: 16 } as const;

/**
 * How long a client may take to send a request (issue 45, api-server/src/http/server.ts): its
 * headers, and the whole of it with its body (at most 16 kB). A slow or stalled sender holds a
 * socket and parser state; past these it gets 408 JSON and the connection closes. A request whose
 * last byte has arrived is answered however long it took. Node checks the clock every
 * `checkEveryMs` (30 s by default, which would let a 10 s limit run to 40 s).
 */
export const CLIENT_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, checkEveryMs: 1_000 } as const;

/**
 * Graceful stop (api-server/src/http/shutdown.ts). During a stop, a connection idle this long is
 * closed. Why wait at all: a request may be on its way over a keep-alive connection the instant
 * the stop begins; closing at once (what Node's server.close() does to idle connections) resets
 * it unanswered. A balancer stops sending within a probe interval of /readyz turning 503, and
 * clients that keep sending get `Connection: close` with their answer.
 */
export const IDLE_GRACE_MS = 1_000;
/**
 * The listener stays open during a stop until no connection has arrived for this long: closing
 * it resets every connection still waiting in the kernel's accept queue, which a busy server has
 * many of (issue 45: 17 of 397 checkouts reset). A balancer keeps opening connections until it
 * notices /readyz's 503; each one is answered with `Connection: close`.
 */
export const LISTEN_QUIET_MS = 1_000;

/**
 * Memory of one instance started with package.json's `start` flags (a capped old generation,
 * rarer full collections), measured 2026-11-28 with 15 s of keyed checkouts at 50 connections:
 * peak RSS in MB on each supported line, with the flags and without them (without the cap V8
 * grows the heap as far as the machine lets it). CONTRIBUTING's row of the Node flags has why.
 */
export const SERVER_MEMORY: { peakRssMb: Record<NodeLine, { withFlags: number; withoutFlags: number }>; instanceMb: number } = {
  peakRssMb: { 22: { withFlags: 170, withoutFlags: 272 }, 24: { withFlags: 193, withoutFlags: 375 }, 26: { withFlags: 185, withoutFlags: 305 } },
  /** Memory to give one instance (a container's limit): above every peak measured with the flags, with room for a heavier mix. */
  instanceMb: 256,
};

/**
 * Connections one client address may hold open on one instance at once (issue 45), where clients
 * connect to it directly (TRUST_PROXY 0). Why this many: a browser opens at most 6 to one origin,
 * a developer may add SANDBOX_EVENT_STREAMS_PER_ADDRESS event streams, and an integration's HTTP
 * pool may hold 100 (aiohttp's default); an office or a carrier's NAT puts several of each behind
 * one address. A single host's crowd of slow senders (1,200 in the issue) stops far above this.
 * Behind a balancer every connection comes from the balancer's address, so the cap is off there
 * and belongs on the balancer, which sees the clients. A connection past the cap gets 429 JSON
 * with Retry-After and is closed before any of its requests is read.
 */
export const CONNECTIONS_PER_ADDRESS = 128;
/** The refused client's wait: its own idle connections close within KEEP_ALIVE_TIMEOUT_MS's default (the cap is off behind a balancer, where that is raised). */
export const CONNECTIONS_RETRY_AFTER_S = 5;


export type MetricType = 'counter' | 'gauge' | 'histogram';

export interface MetricDoc {
  name: string;
  type: MetricType;
  labels: readonly string[];
  meaning: string;
}

/** What GET /metrics exposes besides prom-client's default process and Node.js metrics. */
export const METRICS: readonly MetricDoc[] = [
  { name: 'http_requests_total', type: 'counter', labels: ['method', 'route', 'status'], meaning: 'Answered requests. route is the route template, never the raw URL, so unknown paths share one label.' },
  { name: 'http_requests_shed_total', type: 'counter', labels: ['mount'], meaning: 'Requests answered 503 at once because the instance was saturated (load shedding), by mount: api, sandbox, mcp. Nothing was done for them; a retry is safe.' },
  { name: 'http_requests_in_flight', type: 'gauge', labels: [], meaning: 'API, sandbox and MCP requests admitted and not yet answered on this instance.' },
  { name: 'http_requests_admit_limit', type: 'gauge', labels: [], meaning: 'In-flight requests past which this instance sheds: what it has recently completed per second times the queue it allows. Falls when requests stop completing (a stalled database).' },
  { name: 'http_connections_held', type: 'gauge', labels: [], meaning: 'Keep-alive connections whose next request waits unread, in the kernel, because admitted work already waits for the CPU: above zero, the instance is CPU-bound and its clients wait their turn rather than being refused.' },
  { name: 'http_request_duration_seconds', type: 'histogram', labels: ['method', 'route', 'status'], meaning: 'Time from the request to the last byte of the answer.' },
  { name: 'mail_outbox_pending', type: 'gauge', labels: [], meaning: 'Mail waiting to be sent. With several instances it reads the shared queue, so every instance reports the same value.' },
  { name: 'mail_outbox_oldest_pending_age_seconds', type: 'gauge', labels: [], meaning: 'Age of the oldest mail still waiting: grows when SMTP is down or refuses.' },
  { name: 'mail_sent_total', type: 'counter', labels: [], meaning: 'Mail delivered by this instance.' },
  { name: 'mail_failed_total', type: 'counter', labels: ['outcome'], meaning: 'Deliveries by this instance that failed: retry (temporary, tried again later) or dead (refused, or given up after MAIL_GIVE_UP_HOURS).' },
  { name: 'sandbox_requests_total', type: 'counter', labels: ['status_class'], meaning: 'Sandbox calls answered, by status class (2xx, 4xx, 5xx).' },
  { name: 'sandbox_keys_minted_total', type: 'counter', labels: ['plan'], meaning: 'Sandbox test keys created, by plan.' },
  { name: 'sandbox_event_streams_open', type: 'gauge', labels: [], meaning: 'Sandbox event streams (GET /api/sandbox/events, used by ledgerline listen) open on this instance.' },
  { name: 'rate_limit_refusals_total', type: 'counter', labels: ['limiter'], meaning: 'Requests refused with 429, by limit: forms, api, sandbox-keys, sandbox (per API key), connections (a client address past its open connections, refused as each connects). Admin sign-in throttling is logged, not counted here.' },
];
