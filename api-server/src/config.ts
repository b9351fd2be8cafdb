import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ENV_VARS, type EnvDefault, type EnvName } from '../../src/data/operations';
import { API_BASE_URL_RULE, isApiBaseUrl, isSiteUrl, resolveSiteAddresses, SITE_URL_RULE } from '../../src/domain/siteAddress';

// Unset and empty both mean "use the default": shells and .env files often export empty strings.
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.core.SomeType>(schema: T) => z.preprocess(blankToUndefined, z.optional(schema));
const withDefault = <T extends z.core.SomeType>(schema: T, fallback: z.output<T>) =>
  z.preprocess(blankToUndefined, z._default(schema, fallback as never));

const mailbox = z
  .string()
  .refine((v) => /^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(v.trim()), {
    error: 'must be an email address, optionally as "Name <address>"',
  });

/** What the Redis client accepts: its own scheme, a host, and at most a database number as path. */
function isRedisUrl(v: string): boolean {
  if (/\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'redis:' || u.protocol === 'rediss:') && u.hostname !== '' && /^\/?\d*$/.test(u.pathname);
  } catch {
    return false;
  }
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** host:port pairs, commas between; an IPv6 host in brackets ([::1]:8443). */
function isAllowList(v: string): boolean {
  return v.split(',').every((pair) => parseAllowPair(pair.trim()) !== undefined);
}

/** `host:port` as the webhook url's lowercased host (brackets dropped) and port; undefined when malformed. */
export function parseAllowPair(pair: string): string | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(pair);
  if (!m) return undefined;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return undefined;
  return `${m[1]!.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`;
}

/**
 * How each variable of the environment table (src/data/operations.ts) is validated. The names,
 * defaults and meanings live in the table; a variable on one side only is a type error here.
 */
const ENV_RULES = {
  PORT: z.coerce.number().int().min(0).max(65535),
  DATA_DIR: z.string(),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, { error: 'must be an smtp:// or smtps:// URL' }),
  REDIS_URL: z.string().refine(isRedisUrl, { error: 'must be a redis:// or rediss:// URL, e.g. redis://localhost:6379 (optionally /DB-NUMBER)' }),
  MAIL_FROM: mailbox,
  SALES_EMAIL: z.email({ error: 'must be an email address' }),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }),
  ADMIN_USER: z.string().min(1).max(100).regex(/^[^:]+$/, { error: 'must not contain ":"' }),
  ADMIN_PASSWORD: z.string().min(12, { error: 'must be at least 12 characters' }).max(200),
  SETUP_PASSWORD: z.string().min(4).max(100),
  // Operational knobs beyond the documented contract; the defaults suit a single server.
  BUILD_DIR: z.string(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000),
  MAIL_GIVE_UP_HOURS: z.coerce.number().positive().max(24 * 30),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(1).max(3_600),
  SANDBOX_RATE_LIMIT_SCALE: z.coerce.number().positive().max(1),
  SANDBOX_MAX_OBJECTS_PER_KEY: z.coerce.number().int().min(1).max(100_000),
  // Tests and private setups only: the SSRF rules are in sandbox/webhooks/addresses.ts.
  SANDBOX_WEBHOOK_ALLOW: z.string().refine(isAllowList, { error: 'must be comma-separated host:port pairs, e.g. 127.0.0.1:8443,hooks.internal:443' }),
  // Built into the site (src/domain/siteAddress.ts); checked here too, so a typo stops the server.
  SITE_URL: z.string().trim().refine(isSiteUrl, { error: SITE_URL_RULE }),
  API_BASE_URL: z.string().trim().refine(isApiBaseUrl, { error: API_BASE_URL_RULE }),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters (it guards the metrics endpoint)' })
    .max(512)
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces (it is sent in an Authorization header)' }),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000),
  DATABASE_URL: z.string().refine(isPostgresUrl, { error: 'must be a postgres:// or postgresql:// URL with a host, e.g. postgres://user:password@db.example.com:5432/ledgerline' }),
} satisfies Record<EnvName, z.ZodType>;

type Rules = typeof ENV_RULES;

/** A table default its rule could not yield (a '3000' for a number) names its variable here. */
type MisfitDefault = { [N in EnvName]: EnvDefault<N> extends z.output<Rules[N]> | undefined ? never : N }[EnvName];
type NoMisfits<T extends never> = T;
type _DefaultsFitTheirRules = NoMisfits<MisfitDefault>;

type Field<N extends EnvName> = EnvDefault<N> extends undefined ? ReturnType<typeof opt<Rules[N]>> : ReturnType<typeof withDefault<Rules[N]>>;

function field<N extends EnvName>(name: N): Field<N> {
  const fallback: number | string | undefined = (ENV_VARS[name] as { default?: number | string }).default;
  // Field<N> is the branch taken here, and MisfitDefault has checked the default against the rule:
  // TypeScript cannot follow either into a generic N.
  return (fallback === undefined ? opt(ENV_RULES[name]) : withDefault(ENV_RULES[name], fallback as z.output<Rules[N]>)) as Field<N>;
}

type EnvShape = { [N in EnvName]: Field<N> };

/** Every variable the server reads, in ENV_RULES' order (the order problems are listed in). */
export const envSchema = z.object(
  // fromEntries forgets the keys; they are ENV_RULES' own, each with its Field.
  Object.fromEntries((Object.keys(ENV_RULES) as EnvName[]).map((name) => [name, field(name)])) as unknown as EnvShape,
);

export interface Config {
  port: number;
  dataDir: string;
  buildDir: string;
  smtpUrl: string | undefined;
  /** Shared counters (rate limits, sign-in throttling) for several instances; unset: in memory. */
  redisUrl: string | undefined;
  mailFrom: string;
  salesEmail: string;
  supportEmail: string;
  adminUser: string;
  adminPassword: string;
  /** True when ADMIN_PASSWORD was not set and a random one was generated for this run. */
  adminPasswordGenerated: boolean;
  /** Where the generated password is kept (see storedAdminPassword); unset with ADMIN_PASSWORD. */
  adminPasswordFile?: string;
  setupPassword: string;
  logLevel: string;
  trustProxyHops: number;
  rateLimitPerMinute: number;
  mailRetryBaseMs: number;
  /** Age after which mail still failing temporarily is marked dead. */
  mailGiveUpMs: number;
  mailLeaseMs: number;
  /** PostgreSQL connection URL; undefined: SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** Multiplies each plan's documented per-minute limit for sandbox keys. */
  sandboxRateLimitScale: number;
  sandboxMaxObjectsPerKey: number;
  /** SANDBOX_WEBHOOK_ALLOW, normalized (`host:port`, host lowercased, no brackets); empty: no exceptions. */
  sandboxWebhookAllow: string[];
  /** The public origin the site build names (SITE_URL; default http://localhost:PORT). */
  siteUrl: string;
  /** The documented v1 API's base (API_BASE_URL; default SITE_URL + /v1). */
  apiBaseUrl: string;
  /** Bearer token that GET /metrics asks for; undefined: no metrics endpoint. */
  metricsToken: string | undefined;
  /** Upper bound of a graceful stop (SIGTERM/SIGINT) before the process exits regardless. */
  shutdownTimeoutMs: number;
  /** How long an idle kept-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start-up; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const addresses = resolveSiteAddresses({ SITE_URL: e.SITE_URL, API_BASE_URL: e.API_BASE_URL, PORT: String(e.PORT) });
  return {
    port: e.PORT,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    buildDir: path.resolve(cwd, e.BUILD_DIR),
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    supportEmail: e.SUPPORT_EMAIL,
    adminUser: e.ADMIN_USER,
    adminPassword: e.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url'),
    adminPasswordGenerated: e.ADMIN_PASSWORD === undefined,
    setupPassword: e.SETUP_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    mailRetryBaseMs: e.MAIL_RETRY_BASE_MS,
    mailGiveUpMs: Math.round(e.MAIL_GIVE_UP_HOURS * 3_600_000),
    mailLeaseMs: e.MAIL_LEASE_SECONDS * 1_000,
    databaseUrl: e.DATABASE_URL,
    sandboxRateLimitScale: e.SANDBOX_RATE_LIMIT_SCALE,
    sandboxMaxObjectsPerKey: e.SANDBOX_MAX_OBJECTS_PER_KEY,
    sandboxWebhookAllow: e.SANDBOX_WEBHOOK_ALLOW ? e.SANDBOX_WEBHOOK_ALLOW.split(',').map((p) => parseAllowPair(p.trim())!) : [],
    ...addresses,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
  };
}

export const ADMIN_PASSWORD_FILE = 'admin-password';

/**
 * Without ADMIN_PASSWORD, the generated password lives in DATA_DIR/admin-password, readable by
 * its owner only (0600) and reused at every start, so it never has to be printed into a log and
 * stays the same across restarts. Call once DATA_DIR exists.
 */
export function storedAdminPassword(config: Config): Config {
  if (!config.adminPasswordGenerated) return config;
  const file = path.join(config.dataDir, ADMIN_PASSWORD_FILE);
  try {
    // 'wx' fails when the file exists: a second process never overwrites the first's password.
    fs.writeFileSync(file, `${config.adminPassword}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // An operator may have copied the file in with a looser mode.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const password = fs.readFileSync(file, 'utf8').trim();
  if (password.length < 12) throw new ConfigError([`${file}: must hold a password of at least 12 characters (or set ADMIN_PASSWORD)`]);
  return { ...config, adminPassword: password, adminPasswordFile: file };
}
