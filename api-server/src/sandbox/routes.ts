import { createHash, randomBytes } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { API_ENDPOINTS, API_VERSION, IDEMPOTENCY_HEADER, type ApiEndpoint } from '../../../src/data/apiReference';
import { getPlan, isPlanId, PLAN_IDS } from '../../../src/data/plans';
import { SANDBOX_KEYS_PER_MINUTE, sandboxRateLimit } from '../../../src/data/sandbox';
import { sandboxKeyRequestSchema, type SandboxKeyResponse } from '../../../src/schemas/sandbox';
import { isStorageFault, lockKey, type Db, type Writes } from '../db/database';
import type { Feature } from '../deps';
import { answerUnavailable, type Counters } from '../http/counters';
import { HttpError } from '../http/errors';
import { labelRoute, type AppMetrics } from '../http/metrics';
import { parsedBody, validateBody } from '../http/validate';
import type { Logger } from '../logger';
import { plansPhrase, SandboxError } from './errors';
import { readParams } from './params';
import { authenticate, mintKey, sweepExpired, type SandboxKey } from './keys';
import { runOperation, type Answer } from './service';
import { SandboxStore, sandboxMigrations } from './store';

export const REQUEST_ID_HEADER = 'Request-Id';
/** Idempotent answers are remembered this long (Stripe's 24 hours), and never beyond their key's life. */
export const SANDBOX_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

const newRequestId = () => `req_${randomBytes(12).toString('base64url')}`;

const setRequestId: RequestHandler = (_req, res, next) => {
  const id = newRequestId();
  res.locals.requestId = id;
  res.set(REQUEST_ID_HEADER, id);
  next();
};

/** POST /api/sandbox/keys: mints a test key for a plan (the live API's envelope, as every /api call). */
export const sandboxKeysFeature: Feature = {
  name: 'sandbox',
  migrations: sandboxMigrations,
  routes({ writes, now, counters, logger, metrics }) {
    const router = express.Router();
    const limiter = answerUnavailable(
      rateLimit({
        windowMs: 60_000,
        limit: SANDBOX_KEYS_PER_MINUTE,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        store: counters.rateLimitStore('sandbox-keys', 'refuse'),
        handler: (_req, _res, next) => {
          metrics?.rateLimited('sandbox-keys');
          next(new HttpError(429, 'Too many sandbox keys requested. Please wait a minute and try again.'));
        },
      }),
    );
    router.post('/sandbox/keys', setRequestId, limiter, validateBody(sandboxKeyRequestSchema), async (_req, res) => {
      const { plan } = parsedBody(res, sandboxKeyRequestSchema);
      const minted = await writes.run((tx) => mintKey({ db: tx, now }, plan));
      logger.info({ plan }, 'sandbox key created');
      metrics?.sandboxKeyMinted(plan);
      res.status(201).json({ success: true, ...minted } satisfies SandboxKeyResponse);
    });
    return router;
  },
};

interface Route {
  endpoint: ApiEndpoint;
  pattern: RegExp;
  names: string[];
}

const ROUTES: Route[] = API_ENDPOINTS.map((endpoint) => {
  const names: string[] = [];
  // Documented paths are plain segments and `{name}` parameters: nothing else to escape.
  const source = endpoint.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { endpoint, pattern: new RegExp(`^${source}/?$`), names };
});

function match(method: string, path: string): { endpoint: ApiEndpoint; params: Record<string, string> } | undefined {
  for (const r of ROUTES) {
    if (r.endpoint.method !== method) continue;
    const m = r.pattern.exec(path);
    if (!m) continue;
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(r.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    } catch {
      continue;
    }
    return { endpoint: r.endpoint, params };
  }
  return undefined;
}

/** Canonical JSON (sorted keys): the same body sent with its keys in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface SandboxRouterDeps {
  db: Db;
  writes: Writes;
  now: () => Date;
  logger: Logger;
  counters: Counters;
  metrics?: AppMetrics;
  rateLimitScale: number;
  maxObjectsPerKey: number;
}

interface Locals {
  requestId: string;
  key: SandboxKey;
  endpoint: ApiEndpoint;
  pathParams: Record<string, string>;
}

const locals = (res: express.Response) => res.locals as Locals;

/** Checks the version and plan headers the reference documents as required (README, Sandbox). */
function checkHeaders(req: Request, key: SandboxKey): void {
  const version = req.get('x-api-version');
  if (!version) throw new SandboxError('invalid_request_error', 'parameter_missing', `Missing required header: X-API-Version (the current version is ${API_VERSION}).`, 'X-API-Version');
  if (version !== API_VERSION) throw new SandboxError('invalid_request_error', 'api_version_invalid', `Unknown X-API-Version ${version}: the current version is ${API_VERSION}.`, 'X-API-Version');
  const plan = req.get('x-plan-type');
  if (!plan) throw new SandboxError('invalid_request_error', 'parameter_missing', `Missing required header: X-Plan-Type (this key's plan, ${key.plan}).`, 'X-Plan-Type');
  if (!isPlanId(plan)) throw new SandboxError('invalid_request_error', 'parameter_invalid_enum', `Invalid X-Plan-Type: must be one of ${PLAN_IDS.join(', ')}.`, 'X-Plan-Type');
  // The reference's wording (docs/guide/authentication.mdx): a key used with the wrong plan answers 403.
  if (plan !== key.plan) {
    throw new SandboxError('permission_error', 'plan_mismatch', `X-Plan-Type is ${plan}, but this key is on the ${getPlan(key.plan).name} plan: send X-Plan-Type: ${key.plan}.`, 'X-Plan-Type');
  }
}

/**
 * The v1 sandbox at SANDBOX_BASE_PATH: every documented endpoint, answered from the key's own
 * stored objects, in the documented error body. Order of checks: route (404), key (401), rate
 * (429), headers (400), plan (403), parameters (400), then the operation.
 */
export function sandboxRouter(deps: SandboxRouterDeps): Router {
  const router = express.Router();
  router.use(setRequestId);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    const { metrics } = deps;
    if (metrics) res.once('finish', () => metrics.sandboxRequest(res.statusCode));
    next();
  });
  router.use((req, res, next) => {
    const found = match(req.method, req.path);
    if (!found) {
      next(new SandboxError('resource_not_found', 'unknown_path', `No sandbox operation matches ${req.method} ${req.path}. See /api-docs for the documented calls.`));
      return;
    }
    locals(res).endpoint = found.endpoint;
    // The documented template, never the raw path with its ids: one metrics series per operation.
    if (deps.metrics) labelRoute(res, `${req.baseUrl}${found.endpoint.path}`);
    locals(res).pathParams = found.params;
    next();
  });
  router.use(async (req, res, next) => {
    try {
      locals(res).key = await authenticate(deps, req.get('authorization'));
      next();
    } catch (err) {
      // An expired key coming back is the moment to delete what it (and any other expired key) left.
      if (err instanceof SandboxError && err.code === 'api_key_expired') await deps.writes.run((tx) => sweepExpired({ db: tx, now: deps.now }));
      next(err);
    }
  });
  router.use(
    rateLimit({
      windowMs: 60_000,
      limit: (_req, res) => sandboxRateLimit(locals(res).key.plan, deps.rateLimitScale),
      keyGenerator: (_req, res) => locals(res).key.id,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: deps.counters.rateLimitStore('sandbox', 'local'),
      handler: (_req, res, next) => {
        deps.metrics?.rateLimited('sandbox');
        const plan = locals(res).key.plan;
        next(new SandboxError('rate_limit_error', 'rate_limit_exceeded', `Rate limit exceeded: ${sandboxRateLimit(plan, deps.rateLimitScale)} requests per minute on the ${getPlan(plan).name} plan. Retry after the time in the Retry-After header.`));
      },
    }),
  );
  router.use(express.json({ limit: '16kb', strict: true, type: () => true }));
  router.use(async (req, res, next) => {
    try {
      const { key, endpoint, pathParams } = locals(res);
      checkHeaders(req, key);
      if (!endpoint.plans.includes(key.plan)) {
        throw new SandboxError('permission_error', 'plan_upgrade_required', `This endpoint requires ${plansPhrase(endpoint.plans)}.`);
      }
      const params = readParams(endpoint, { method: req.method, query: req.query as Record<string, unknown>, body: req.body, path: pathParams });
      const answer = endpoint.method === 'POST' ? await idempotent(deps, req, key, endpoint, params, res) : await run(deps, deps.db, endpoint, key, params);
      res.status(answer.status).json(withRequestId(answer, locals(res).requestId));
    } catch (err) {
      next(err);
    }
  });
  router.use(sandboxErrors(deps.logger));
  return router;
}

/** The operation's answer, its own errors included: they are part of what an idempotent retry replays. */
async function run(deps: SandboxRouterDeps, tx: Db, endpoint: ApiEndpoint, key: SandboxKey, params: Record<string, unknown>): Promise<Answer> {
  try {
    return await runOperation({ db: deps.db, now: deps.now, maxObjectsPerKey: deps.maxObjectsPerKey }, tx, endpoint, key, params);
  } catch (err) {
    if (err instanceof SandboxError) return { status: err.status, body: { error: { type: err.type, code: err.code, message: err.message, param: err.param } } };
    throw err;
  }
}

/** Error answers carry the id of the request that got them (a replay gets its own). */
function withRequestId(a: Answer, requestId: string): unknown {
  return a.status >= 400 ? { error: { ...(a.body as { error: object }).error, request_id: requestId } } : a.body;
}

/**
 * Stripe's rules: the same Idempotency-Key with the same request replays the first answer
 * (status and body); with a different request it is refused; keys are per API key and kept 24 h.
 * Only answers of an operation that ran are kept: a request refused before (auth, rate, plan,
 * parameters) may be retried with the same key.
 */
async function idempotent(deps: SandboxRouterDeps, req: Request, key: SandboxKey, endpoint: ApiEndpoint, params: Record<string, unknown>, res: express.Response): Promise<Answer> {
  const idem = req.get(IDEMPOTENCY_HEADER);
  if (idem === undefined) return deps.writes.run((tx) => run(deps, tx, endpoint, key, params));
  if (!IDEMPOTENCY_KEY_FORMAT.test(idem)) {
    throw new SandboxError('invalid_request_error', 'idempotency_key_invalid', `Invalid ${IDEMPOTENCY_HEADER}: 1 to 255 printable ASCII characters, e.g. a UUID.`, IDEMPOTENCY_HEADER);
  }
  const hash = createHash('sha256').update(`${endpoint.method} ${endpoint.id} ${canonical(params)}`).digest('hex');
  const result = await deps.writes.run(async (tx): Promise<Answer & { replayed: boolean }> => {
    const store = new SandboxStore(tx);
    await lockKey(tx, `sandbox-idem:${key.id}:${idem}`);
    const nowMs = deps.now().getTime();
    const saved = await store.getAnswer(key.id, idem);
    if (saved && saved.created_at > nowMs - SANDBOX_IDEMPOTENCY_TTL_MS) {
      if (saved.request_hash !== hash) {
        throw new SandboxError(
          'invalid_request_error',
          'idempotency_key_reused',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Use a new ${IDEMPOTENCY_HEADER} for a different request.`,
          IDEMPOTENCY_HEADER,
        );
      }
      return { status: saved.status_code, body: JSON.parse(saved.response_json) as unknown, replayed: true };
    }
    if (saved) await store.deleteAnswer(key.id, idem);
    const answer = await run(deps, tx, endpoint, key, params);
    await store.saveAnswer({ key_id: key.id, idempotency_key: idem, request_hash: hash, status_code: answer.status, response_json: JSON.stringify(answer.body), created_at: nowMs });
    return { ...answer, replayed: false };
  });
  if (result.replayed) res.set('Idempotent-Replayed', 'true');
  return { status: result.status, body: result.body };
}

// body-parser's failures, as the documented error body.
const PARSER_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'entity.too.large': [413, 'The request body is too large (at most 16 kB).'],
  'encoding.unsupported': [415, 'The request body encoding is not supported.'],
  'charset.unsupported': [415, 'The request body charset is not supported.'],
};

function sandboxErrors(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const requestId = (res.locals as Partial<Locals>).requestId ?? newRequestId();
    let status: number;
    let error: { type: string; code: string; message: string; param: string | null };
    if (err instanceof SandboxError) {
      status = err.status;
      error = { type: err.type, code: err.code, message: err.message, param: err.param };
    } else if (typeof err === 'object' && err !== null && 'type' in err && typeof err.type === 'string' && PARSER_ERRORS[err.type]) {
      const [s, message] = PARSER_ERRORS[err.type]!;
      status = s;
      error = { type: 'invalid_request_error', code: 'body_invalid', message, param: null };
    } else if (isStorageFault(err)) {
      status = 503;
      res.set('Retry-After', '30');
      error = { type: 'api_error', code: 'storage_unavailable', message: 'The sandbox cannot store anything right now. Nothing was saved; please try again in a minute.', param: null };
    } else {
      status = typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
      error = status === 500
        ? { type: 'api_error', code: 'internal_error', message: 'An unexpected error occurred.', param: null }
        : { type: 'invalid_request_error', code: 'request_invalid', message: 'The request could not be read.', param: null };
    }
    if (status >= 500) logger.error({ err, path: req.path, requestId }, 'sandbox request failed');
    res.status(status).json({ error: { ...error, request_id: requestId } });
  };
}
