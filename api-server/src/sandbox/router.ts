import express, { type Request, type Response, type Router } from 'express';
import { PLAN_HEADER, SANDBOX_FIXTURES, SIMULATE_HEADER, SIMULATE_RATE_LIMIT, SIMULATED_RETRY_AFTER_S, type ApiEndpoint, type FixtureError } from '../../../src/data/apiReference';
import { API_VERSION_NAMES, isApiVersion, LATEST_API_VERSION, type ApiVersionName } from '../../../src/data/apiVersioning';
import { downgradeParams, referenceFor, upgradeValue } from '../../../src/data/apiReference/versions';
import { getPlan, isPlanId, PLAN_IDS } from '../../../src/data/plans';
import { sandboxRateLimit } from '../../../src/data/sandbox';
import type { Db, Writes } from '../db/database';
import type { Counters } from '../counters';
import { IdempotencyStore } from '../idempotency';
import { jsonBody } from '../http/jsonBody';
import { labelRoute, type AppMetrics } from '../http/metrics';
import { perMinuteLimit } from '../http/rateLimit';
import type { Logger } from '../logger';
import { dispatch, withRequestId, type DispatchDeps } from './dispatch';
import { plansPhrase, SandboxError, sandboxErrors } from './errors';
import { authenticate, sweepExpired, type SandboxKey } from './keys';
import { match } from './match';
import { readParams } from './params';
import { recordRequests } from './requestLog';
import { setRequestId } from './requestId';
import { SANDBOX_IDEMPOTENCY_TABLE } from './table';
import type { TargetRules } from './webhooks/addresses';

export interface SandboxRouterDeps {
  db: Db;
  writes: Writes;
  now: () => Date;
  logger: Logger;
  counters: Counters;
  metrics?: AppMetrics;
  rateLimitScale: number;
  maxObjectsPerKey: number;
  webhookRules: TargetRules;
  /** Told when a call may have queued webhook deliveries (the worker then looks at once instead of at its next poll). */
  webhooksQueued?: () => void;
}

interface Locals {
  requestId: string;
  key: SandboxKey;
  endpoint: ApiEndpoint;
  pathParams: Record<string, string>;
}

const locals = (res: Response) => res.locals as Locals;

/**
 * The version a request is answered in: its X-API-Version, else the key's pinned version. v1's
 * document requires the header, so a key pinned to v1 still gets v1's 400 without it.
 */
function versionOf(req: Request, key: SandboxKey): ApiVersionName {
  const version = req.get('x-api-version');
  if (!version) {
    if (key.apiVersion !== 'v1') return key.apiVersion;
    throw new SandboxError('invalid_request_error', 'parameter_missing', `Missing required header: X-API-Version (the current version is ${LATEST_API_VERSION}).`, 'X-API-Version');
  }
  if (!isApiVersion(version)) throw new SandboxError('invalid_request_error', 'api_version_invalid', `Unknown X-API-Version ${version}: the versions are ${API_VERSION_NAMES.join(', ')}.`, 'X-API-Version');
  return version;
}

/**
 * Checks the plan header when sent. The key carries its plan and decides (PLAN_HEADER_RULE):
 * X-Plan-Type is checked only for a value that names no plan, so an imported document whose
 * example names another plan still works with any key.
 */
function checkHeaders(req: Request): void {
  const plan = req.get(PLAN_HEADER);
  if (plan !== undefined && !isPlanId(plan)) {
    throw new SandboxError('invalid_request_error', 'parameter_invalid_enum', `Invalid ${PLAN_HEADER}: must be one of ${PLAN_IDS.join(', ')} (or left out: your key's plan applies).`, PLAN_HEADER);
  }
}

/**
 * The v1 sandbox at SANDBOX_BASE_PATH: every documented endpoint, answered from the key's own
 * stored objects, in the documented error body. Order of checks: route (404), key (401), rate
 * (429), headers (400), plan (403), parameters (400), then the operation.
 */
export function sandboxRouter(routerDeps: SandboxRouterDeps): Router {
  const deps: SandboxRouterDeps & DispatchDeps = { ...routerDeps, idempotencyKeys: new IdempotencyStore(routerDeps.db, SANDBOX_IDEMPOTENCY_TABLE, routerDeps.now, { writes: routerDeps.writes }) };
  const router = express.Router();
  router.use(setRequestId);
  router.use(recordRequests(deps));
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
      // The plan every answer to this key is given for (PLAN_HEADER_RULE).
      res.set(PLAN_HEADER, locals(res).key.plan);
      next();
    } catch (err) {
      // An expired key coming back is the moment to delete what it (and any other expired key) left.
      if (err instanceof SandboxError && err.code === 'api_key_expired') await deps.writes.run((tx) => sweepExpired({ db: tx, now: deps.now }));
      next(err);
    }
  });
  router.use((req, res, next) => {
    // The magic rate limit (docs/guide/testing.mdx): a 429 on demand, outside the key's real count.
    if (req.get(SIMULATE_HEADER) === SIMULATE_RATE_LIMIT) {
      const f = SANDBOX_FIXTURES.find((x) => x.name === 'rate_limited')!.answer as FixtureError;
      res.set('Retry-After', String(SIMULATED_RETRY_AFTER_S));
      next(new SandboxError('rate_limit_error', f.code, f.message));
      return;
    }
    next();
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
    }, deps.metrics),
  );
  router.use(jsonBody({ anyContentType: true }));
  router.use(async (req, res, next) => {
    try {
      const { key, endpoint, pathParams } = locals(res);
      const version = versionOf(req, key);
      // For the request log: which version answered, header or pin.
      res.locals.apiVersion = version;
      checkHeaders(req);
      if (!endpoint.plans.includes(key.plan)) {
        throw new SandboxError('permission_error', 'plan_upgrade_required', `This endpoint requires ${plansPhrase(endpoint.plans)}.`);
      }
      // Checked against the version's own document, then run as v1 (the operations' shapes) and answered in the version's.
      const ref = referenceFor(version);
      const documented = (ref.endpoints.find((e) => e.id === endpoint.id) ?? ref.sandboxOnly.find((e) => e.id === endpoint.id))!;
      const params = downgradeParams(version, endpoint.id, readParams(documented, { method: req.method, query: req.query as Record<string, unknown>, body: req.body, path: pathParams }));
      const answer = await dispatch(deps, req, res, { ...key, apiVersion: version }, endpoint, params);
      if (endpoint.method === 'POST' && answer.status < 300) deps.webhooksQueued?.();
      const body = answer.status < 300 ? upgradeValue(version, endpoint.response.schema, answer.body) : answer.body;
      res.status(answer.status).json(withRequestId({ ...answer, body }, locals(res).requestId));
    } catch (err) {
      next(err);
    }
  });
  router.use(sandboxErrors(deps.logger));
  return router;
}
