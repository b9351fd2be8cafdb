import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { EXTERNAL_LINKS } from '../../src/data/site';
import { PLAN_IDS } from '../../src/data/plans';
import { SANDBOX_BASE_PATH } from '../../src/data/sandbox';
import { sandboxRouter } from './sandbox/router';
import { webhookRules, type TargetRules } from './sandbox/webhooks/addresses';
import { MCP_PATH, mcpRouter } from './mcp/router';
import type { AppDeps, Feature, FeatureContext } from './deps';
import { FEATURES } from './features';
import { RequestActivity } from './http/activity';
import { basicAuth } from './http/basicAuth';
import { LoginThrottle } from './http/loginThrottle';
import { answerUnavailable, memoryCounters, type Counters } from './counters';
import { apiNotFound, errorHandler, HttpError, lastResortErrorHandler } from './http/errors';
import { sameOriginWrites } from './http/guards';
import { jsonBody } from './http/jsonBody';
import { refuseLongUrls } from './http/limits';
import { BUSY_MESSAGE, Overload, type ShedAnswer } from './http/overload';
import { newRequestId, REQUEST_ID_HEADER } from './sandbox/requestId';
import { unknownRoute } from './http/notFound';
import { clientKey, perMinuteLimit } from './http/rateLimit';
import { requestLog } from './http/requestLog';
import { healthRouter, Readiness, standardChecks } from './http/health';
import { AppMetrics, labelRoute, metricsEndpoint, SITE_ROUTE, type ShedMount } from './http/metrics';
import { apiSecurityHeaders, documentPolicy, hstsWhenSecure, securityHeaders } from './http/security';
import { siteRouter, type BuiltSite } from './http/site';

export interface CreateAppOptions {
  /** The indexed Docusaurus build; absent in API-only tests and in `npm run dev`. */
  site?: BuiltSite;
  features?: readonly Feature[];
  /** Shared with the mail worker, which yields while API requests are in flight. */
  activity?: RequestActivity;
  loginThrottle?: LoginThrottle;
  /** Where rate-limit and sign-in counts live: shared Redis (REDIS_URL) or, by default, memory. */
  counters?: Counters;
  /**
   * Prometheus metrics: by default on whenever METRICS_TOKEN is set (index.ts passes its own
   * instance, which the mail worker also reports to); `false` turns them off regardless.
   */
  metrics?: AppMetrics | false;
  /** /readyz's checks and shutdown state; index.ts passes the one its graceful stop flips. */
  readiness?: Readiness;
  /**
   * Sandbox webhook deliveries: the rules a registered url must pass (default: the system's
   * resolver and SANDBOX_WEBHOOK_ALLOW) and the worker to tell when a call queued deliveries
   * (index.ts runs it; without one, deliveries wait in the queue for a worker).
   */
  webhooks?: { rules?: TargetRules; queued?: () => void };
  /** Load shedding of the API, sandbox and MCP; index.ts passes one that samples the event loop. */
  overload?: Overload;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // No res.send or res.json body (the API's, the sandbox's, the probes' JSON) is hashed for an
  // ETag: they are no-store and nobody revalidates them. Hashing cost ~3% of a request's CPU, and
  // with ETags on, Express turns every body into a Buffer first, which Node writes apart from the
  // headers (issue 28). Pages keep their ETags (site.ts).
  app.set('etag', false);
  // A hop count, never `true`: only that many proxies' X-Forwarded-For entries are believed.
  app.set('trust proxy', config.trustProxyHops);

  const counters = options.counters ?? memoryCounters();
  const metrics = options.metrics === false ? undefined : (options.metrics ?? (config.metricsToken ? new AppMetrics({ outbox: deps.outbox, now: deps.now, logger }) : undefined));
  if (metrics) {
    metrics.trackRoutes(app);
    app.use(metrics.middleware);
  }
  app.use(refuseLongUrls);
  // Probes and scrapes come before every limiter: a balancer asking each second must never meet one.
  app.use(healthRouter(options.readiness ?? new Readiness(standardChecks(deps.db, counters))));
  app.get('/metrics', metricsEndpoint(metrics, config.metricsToken));
  app.use(requestLog(logger));
  app.use(hstsWhenSecure);

  // Without the shared counts a password guess cannot be counted: refused (503), never let through.
  const requireAdmin = answerUnavailable(
    basicAuth({
      user: config.adminUser,
      password: config.adminPassword,
      realm: 'White-label admin',
      throttle: options.loginThrottle ?? new LoginThrottle(counters.login),
      logger,
      clientKey,
    }),
  );
  const limit = (name: string, perMinute: number, whenDown: 'refuse' | 'local') =>
    perMinuteLimit(counters, { name, perMinute, whenDown, refuse: () => new HttpError(429, 'Too many requests. Please wait a minute and try again.') }, metrics);
  const ctx: FeatureContext = {
    ...deps,
    requireAdmin,
    counters,
    metrics,
    limiters: {
      // Form posts send mail or take orders: while Redis is away they get 503, not an unshared limit.
      forms: limit('forms', config.rateLimitPerMinute, 'refuse'),
      // Reads stay up and limited, per instance, until Redis returns.
      api: limit('api', Math.max(300, config.rateLimitPerMinute * 10), 'local'),
    },
  };

  // A router, not an app of its own: a mounted app re-parents every request and response on the
  // way in and out, which costs more than the rest of the stack (http/server.ts).
  const api = express.Router();
  api.use((options.activity ?? new RequestActivity()).middleware);
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  api.use(sameOriginWrites);
  api.use(jsonBody());
  api.use(featureRoutes(options.features ?? FEATURES, ctx));
  api.use(ctx.limiters.api, apiNotFound);
  // The API's small JSON answers are neither compressed nor given the site's document policy.
  // Shed first, before any body is read or limit counted. A refusal still costs most of what a
  // checkout does (Node's parse and write, measured in the bench's overload section), so shedding
  // protects the work admitted, not the process from any crowd.
  const overload = options.overload ?? new Overload();
  metrics?.watchOverload(overload);
  const shed = (mount: ShedMount, answer: ShedAnswer) =>
    overload.guard((res) => {
      metrics?.shed(mount);
      answer(res);
    });
  app.use('/api', apiSecurityHeaders(), shed('api', (res) => res.status(503).json({ success: false, error: BUSY_MESSAGE })), api);
  // The v1 sandbox answers developers' API keys, not the site's forms: its own errors and limits.
  app.use(
    SANDBOX_BASE_PATH,
    apiSecurityHeaders(),
    shed('sandbox', (res) => {
      const id = newRequestId();
      res.set(REQUEST_ID_HEADER, id);
      res.status(503).json({ error: { type: 'api_error', code: 'server_busy', message: BUSY_MESSAGE, param: null, request_id: id } });
    }),
    sandboxRouter({
      ...deps,
      counters,
      metrics,
      rateLimitScale: config.sandboxRateLimitScale,
      maxObjectsPerKey: config.sandboxMaxObjectsPerKey,
      webhookRules: options.webhooks?.rules ?? webhookRules(config),
      webhooksQueued: options.webhooks?.queued,
    }),
  );
  // AI assistants: docs, reference and sandbox over the Model Context Protocol (mcp/router.ts).
  app.use(MCP_PATH, apiSecurityHeaders(), shed('mcp', (res) => res.status(503).json({ jsonrpc: '2.0', error: { code: -32000, message: BUSY_MESSAGE }, id: null })), mcpRouter(ctx, options.site));

  const formActions = [new URL(EXTERNAL_LINKS.newsletter).origin];
  app.use(securityHeaders(formActions));
  app.use(compression());
  if (options.site) {
    if (metrics) {
      app.use((_req, res, next) => {
        labelRoute(res, SITE_ROUTE);
        next();
      });
    }
    app.use(
      siteRouter(options.site, {
        planIds: PLAN_IDS,
        protectedRoutes: ['/white-label'],
        guard: requireAdmin,
        documentPolicy: (hashes) => documentPolicy(hashes, formActions),
      }),
    );
  }
  app.use(unknownRoute, errorHandler(logger), lastResortErrorHandler);
  return app;
}

/**
 * Each feature's router mounted at its own prefix, and each request handed straight to the one
 * whose prefix is its first path segment: walking all seven routers for each request was a
 * measurable share of an API request's CPU (issue 28).
 */
function featureRoutes(features: readonly Feature[], ctx: FeatureContext): RequestHandler {
  const byPrefix = new Map<string, RequestHandler>();
  for (const feature of features) {
    const segment = feature.prefix.slice(1).toLowerCase();
    if (!/^\/[^/]+$/.test(feature.prefix)) throw new Error(`Feature ${feature.name}: its prefix must be one path segment, such as '/checkout'`);
    if (byPrefix.has(segment)) throw new Error(`Feature ${feature.name}: prefix ${feature.prefix} is another feature's`);
    byPrefix.set(segment, express.Router().use(feature.prefix, feature.routes(ctx)));
  }
  return (req, res, next) => {
    const path = req.path;
    const end = path.indexOf('/', 1);
    // Express matches paths case-insensitively: so does this.
    const router = byPrefix.get((end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase());
    if (router) router(req, res, next);
    else next();
  };
}
