import { randomBytes } from 'node:crypto';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Router } from 'express';
import { API_ENDPOINTS, API_VERSION, IDEMPOTENCY, IDEMPOTENCY_HEADER, type ApiEndpoint } from '../../../src/data/apiReference';
import { getPlan, isPlanId, PLAN_IDS } from '../../../src/data/plans';
import { SANDBOX_KEYS_PER_MINUTE, sandboxRateLimit } from '../../../src/data/sandbox';
import { sandboxKeyRequestSchema, type SandboxKeyResponse } from '../../../src/schemas/sandbox';
import { isStorageFault, type Db, type Writes } from '../db/database';
import { claimKey, IdempotencyStore, requestFingerprint } from '../http/idempotency';
import type { Feature } from '../deps';
import type { Counters } from '../http/counters';
import { clientErrorOf, HttpError, STORAGE_RETRY_AFTER_S } from '../http/errors';
import { jsonBody } from '../http/limits';
import { perMinuteLimit } from '../http/rateLimit';
import { parsedBody, validateBody } from '../http/validate';
import type { Logger } from '../logger';
import { plansPhrase, SandboxError } from './errors';
import { readParams } from './params';
import { authenticate, mintKey, sweepExpired, type SandboxKey } from './keys';
import { runOperation, type Answer } from './service';
import { SANDBOX_IDEMPOTENCY_TABLE, sandboxMigrations } from './store';

export const REQUEST_ID_HEADER = 'Request-Id';

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
  routes({ writes, now, counters, logger }) {
    const router = express.Router();
    const limiter = perMinuteLimit(counters, {
      name: 'sandbox-keys',
      perMinute: SANDBOX_KEYS_PER_MINUTE,
      whenDown: 'refuse',
      refuse: () => new HttpError(429, 'Too many sandbox keys requested. Please wait a minute and try again.'),
    });
    router.post('/sandbox/keys', setRequestId, limiter, validateBody(sandboxKeyRequestSchema), async (_req, res) => {
      const { plan } = parsedBody(res, sandboxKeyRequestSchema);
      const minted = await writes.run((tx) => mintKey({ db: tx, now }, plan));
      logger.info({ plan }, 'sandbox key created');
      res.status(201).json({ success: true, ...minted } satisfies SandboxKeyResponse);
    });
    return router;
  },
  async recover({ db, now, logger }) {
    // Claims a dead process left: nothing was stored with them (the answer commits with the operation).
    const counts = await new IdempotencyStore(db, SANDBOX_IDEMPOTENCY_TABLE, now).recover(async () => 'release');
    if (counts.released > 0) logger.info(counts, 'sandbox idempotency keys left in progress were released');
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

export interface SandboxRouterDeps {
  db: Db;
  writes: Writes;
  now: () => Date;
  logger: Logger;
  counters: Counters;
  rateLimitScale: number;
  maxObjectsPerKey: number;
}

interface RouterContext extends SandboxRouterDeps {
  idempotencyKeys: IdempotencyStore;
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
export function sandboxRouter(routerDeps: SandboxRouterDeps): Router {
  const deps: RouterContext = { ...routerDeps, idempotencyKeys: new IdempotencyStore(routerDeps.db, SANDBOX_IDEMPOTENCY_TABLE, routerDeps.now) };
  const router = express.Router();
  router.use(setRequestId);
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use((req, res, next) => {
    const found = match(req.method, req.path);
    if (!found) {
      next(new SandboxError('resource_not_found', 'unknown_path', `No sandbox operation matches ${req.method} ${req.path}. See /api-docs for the documented calls.`));
      return;
    }
    locals(res).endpoint = found.endpoint;
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
    perMinuteLimit(deps.counters, {
      name: 'sandbox',
      perMinute: (_req, res) => sandboxRateLimit(locals(res).key.plan, deps.rateLimitScale),
      key: (_req, res) => locals(res).key.id,
      whenDown: 'local',
      refuse: (_req, res) => {
        const plan = locals(res).key.plan;
        return new SandboxError('rate_limit_error', 'rate_limit_exceeded', `Rate limit exceeded: ${sandboxRateLimit(plan, deps.rateLimitScale)} requests per minute on the ${getPlan(plan).name} plan. Retry after the time in the Retry-After header.`);
      },
    }),
  );
  router.use(jsonBody({ anyContentType: true }));
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
 * A POST with an Idempotency-Key, through the one mechanism every feature uses (http/idempotency):
 * keys are per API key. Only answers of an operation that ran are kept, its own errors included:
 * a request refused before (auth, rate, plan, parameters) may be retried with the same key. The
 * answer is recorded in the operation's own transaction, so both are stored or neither.
 */
async function idempotent(deps: RouterContext, req: Request, key: SandboxKey, endpoint: ApiEndpoint, params: Record<string, unknown>, res: express.Response): Promise<Answer> {
  const header = req.get(IDEMPOTENCY_HEADER);
  if (header === undefined) return deps.writes.run((tx) => run(deps, tx, endpoint, key, params));
  const claim = await claimKey(deps.idempotencyKeys, { header, scope: key.id, fingerprint: requestFingerprint(`${endpoint.method} ${endpoint.id}`, params) }, deps.logger);
  if (claim.kind === 'refused') throw new SandboxError('invalid_request_error', claim.refusal.code, claim.refusal.message, IDEMPOTENCY_HEADER, claim.refusal.status);
  if (claim.kind === 'replay') {
    res.set(IDEMPOTENCY.replayedHeader, 'true');
    return { status: claim.status, body: claim.body };
  }
  try {
    return await deps.writes.run(async (tx) => {
      const answer = await run(deps, tx, endpoint, key, params);
      await claim.complete(answer.status, answer.body, tx);
      return answer;
    });
  } catch (err) {
    await claim.release().catch((releaseErr: unknown) => deps.logger.warn({ err: releaseErr }, 'idempotency key could not be released'));
    throw err;
  }
}

function sandboxErrors(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const requestId = (res.locals as Partial<Locals>).requestId ?? newRequestId();
    let status: number;
    let error: { type: string; code: string; message: string; param: string | null };
    const client = clientErrorOf(err);
    if (err instanceof SandboxError) {
      status = err.status;
      error = { type: err.type, code: err.code, message: err.message, param: err.param };
    } else if (err instanceof HttpError) {
      // The shared mechanisms' errors (e.g. 503 while the shared counters are away): their message is safe to show.
      status = err.status;
      error = { type: status >= 500 ? 'api_error' : 'invalid_request_error', code: status >= 500 ? 'unavailable' : 'request_invalid', message: err.message, param: null };
    } else if (client) {
      status = client.status;
      error = { type: 'invalid_request_error', code: client.body ? 'body_invalid' : 'request_invalid', message: client.message, param: null };
    } else if (isStorageFault(err)) {
      status = 503;
      res.set('Retry-After', String(STORAGE_RETRY_AFTER_S));
      error = { type: 'api_error', code: 'storage_unavailable', message: 'The sandbox cannot store anything right now. Nothing was saved; please try again in a minute.', param: null };
    } else {
      status = 500;
      error = { type: 'api_error', code: 'internal_error', message: 'An unexpected error occurred.', param: null };
    }
    if (status >= 500) logger.error({ err, path: req.path, requestId }, 'sandbox request failed');
    res.status(status).json({ error: { ...error, request_id: requestId } });
  };
}
