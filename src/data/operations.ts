/**
 * What an operator of this server needs at hand: its environment variables and its metrics.
 * ENV_VARS is the one statement of each variable's name, group, default and meaning: the server's
 * zod schema (api-server/src/config.ts) takes its names and defaults from it, the Operations page
 * (docs/guide/operations.mdx, src/components/OperationsTables) and the README's table
 * (`npm run readme`) render it. To add a variable, add its entry here; TypeScript then asks for
 * its rule in config.ts's ENV_RULES.
 */
import { DEFAULT_PORT } from '../domain/siteAddress';
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
  MAIL_LEASE_SECONDS: { group: 'Mail', default: 120, meaning: "How long one instance's worker holds a claimed message; a worker killed mid-delivery gives it back then." },
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
  { name: 'http_request_duration_seconds', type: 'histogram', labels: ['method', 'route', 'status'], meaning: 'Time from the request to the last byte of the answer.' },
  { name: 'mail_outbox_pending', type: 'gauge', labels: [], meaning: 'Mail waiting to be sent. With several instances it reads the shared queue, so every instance reports the same value.' },
  { name: 'mail_outbox_oldest_pending_age_seconds', type: 'gauge', labels: [], meaning: 'Age of the oldest mail still waiting: grows when SMTP is down or refuses.' },
  { name: 'mail_sent_total', type: 'counter', labels: [], meaning: 'Mail delivered by this instance.' },
  { name: 'mail_failed_total', type: 'counter', labels: ['outcome'], meaning: 'Deliveries by this instance that failed: retry (temporary, tried again later) or dead (refused, or given up after MAIL_GIVE_UP_HOURS).' },
  { name: 'sandbox_requests_total', type: 'counter', labels: ['status_class'], meaning: 'Sandbox calls answered, by status class (2xx, 4xx, 5xx).' },
  { name: 'sandbox_keys_minted_total', type: 'counter', labels: ['plan'], meaning: 'Sandbox test keys created, by plan.' },
  { name: 'sandbox_event_streams_open', type: 'gauge', labels: [], meaning: 'Sandbox event streams (GET /api/sandbox/events, used by ledgerline listen) open on this instance.' },
  { name: 'rate_limit_refusals_total', type: 'counter', labels: ['limiter'], meaning: 'Requests refused with 429, by limit: forms, api, sandbox-keys, sandbox (per API key). Admin sign-in throttling is logged, not counted here.' },
];
