import { createHash, timingSafeEqual } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Logger } from '../logger';
import { HttpError } from './errors';
import { RequestMetrics } from './requestMetrics';

/**
 * Prometheus metrics of one app, in a registry of its own (never prom-client's global one), so
 * tests that build many apps do not share or collide. Served at GET /metrics with
 * `Authorization: Bearer $METRICS_TOKEN` only (see metricsEndpoint).
 */

/** Route label of requests no route template matched (unknown paths, refused addresses). */
export const UNMATCHED_ROUTE = 'unmatched';
/** Route label of everything the static site answers: pages and assets are not worth a series each. */
export const SITE_ROUTE = 'site';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const ROUTE_LABEL = Symbol('metricsRouteLabel');
const MATCHED_ROUTE = Symbol('matchedRoute');
const ROUTE_OBJECT = Symbol('route');
type Labelled = { [ROUTE_LABEL]?: string; [MATCHED_ROUTE]?: string; [ROUTE_OBJECT]?: unknown };

/**
 * Names the route of a request that matched no Express route but a template of its own (the
 * sandbox's documented paths, the site): its label is that template, never the raw URL.
 */
export function labelRoute(res: Response, template: string): void {
  (res as Labelled)[ROUTE_LABEL] = template;
}

export type MailOutcome = 'sent' | 'retry' | 'dead';
export type ShedMount = 'api' | 'sandbox' | 'mcp';

export interface MetricsSources {
  /** The shared outbox: read at scrape time, so every instance reports the one queue. */
  outbox: { pendingSummary(): Promise<{ pending: number; oldestQueuedAt: number | null }> };
  now: () => Date;
  logger: Logger;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: RequestMetrics;
  private readonly mailSent: Counter;
  private readonly mailFailed: Counter<'outcome'>;
  private readonly sandboxRequests: Counter<'status_class'>;
  private readonly sandboxKeys: Counter<'plan'>;
  private readonly limited: Counter<'limiter'>;
  private readonly eventStreams: Gauge;
  private readonly shedRequests: Counter<'mount'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new RequestMetrics(this.registry);
    this.mailSent = new Counter({ name: 'mail_sent_total', help: 'Mail delivered by this instance\'s outbox worker', registers });
    this.mailFailed = new Counter({ name: 'mail_failed_total', help: 'Failed deliveries by this instance\'s worker: retry (temporary, tried again later) or dead (refused or given up)', labelNames: ['outcome'], registers });
    this.sandboxRequests = new Counter({ name: 'sandbox_requests_total', help: 'v1 sandbox requests by status class (2xx, 4xx, 5xx...)', labelNames: ['status_class'], registers });
    this.sandboxKeys = new Counter({ name: 'sandbox_keys_minted_total', help: 'Sandbox API keys minted, by plan', labelNames: ['plan'], registers });
    this.limited = new Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused with 429 by a rate limiter, by limiter', labelNames: ['limiter'], registers });
    this.shedRequests = new Counter({ name: 'http_requests_shed_total', help: 'Requests answered 503 at once by load shedding (nothing done, safe to retry), by mount', labelNames: ['mount'], registers });
    this.eventStreams = new Gauge({ name: 'sandbox_event_streams_open', help: 'Sandbox event streams (GET /api/sandbox/events) open on this instance', registers });
    const { outbox, now, logger } = sources;
    // Both gauges from one query per scrape; a scrape while the database is away reports NaN.
    let summary: Promise<{ pending: number; ageSeconds: number }> | undefined;
    const read = () =>
      (summary ??= outbox
        .pendingSummary()
        .then(({ pending, oldestQueuedAt }) => ({ pending, ageSeconds: oldestQueuedAt === null ? 0 : Math.max(0, (now().getTime() - oldestQueuedAt) / 1000) }))
        .catch((err: unknown) => {
          logger.warn({ err }, 'metrics: could not read the outbox');
          return { pending: NaN, ageSeconds: NaN };
        })
        .finally(() => setImmediate(() => (summary = undefined))));
    new Gauge({
      name: 'mail_outbox_pending',
      help: 'Mail waiting in the shared outbox (due or backing off)',
      registers,
      async collect() {
        this.set((await read()).pending);
      },
    });
    new Gauge({
      name: 'mail_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest mail waiting in the shared outbox (0 when none)',
      registers,
      async collect() {
        this.set((await read()).ageSeconds);
      },
    });
  }

  /** Times and counts every response; install first, so refused requests count too. */
  readonly middleware: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.requests.record(METHODS.has(req.method) ? req.method : 'OTHER', routeOf(req, res), String(res.statusCode), seconds);
    });
    next();
  };

  /** Load shedding's state at each scrape: work in flight and the admission limit it is held to. */
  watchOverload(overload: { readonly inFlight: number; readonly admission: { readonly value: number }; readonly turns: { readonly heldNow: number } }): void {
    const registers = [this.registry];
    new Gauge({ name: 'http_requests_in_flight', help: 'API, sandbox and MCP requests admitted and not yet answered', registers, collect() { this.set(overload.inFlight); } });
    new Gauge({ name: 'http_requests_admit_limit', help: 'In-flight requests past which load shedding answers 503: recent throughput times the queue it allows', registers, collect() { this.set(overload.admission.value); } });
    new Gauge({ name: 'http_connections_held', help: 'Keep-alive connections whose next request waits unread until admitted work has room for it', registers, collect() { this.set(overload.turns.heldNow); } });
  }

  rateLimited(limiter: string): void {
    this.limited.inc({ limiter });
  }

  sandboxRequest(status: number): void {
    this.sandboxRequests.inc({ status_class: `${Math.floor(status / 100)}xx` });
  }

  /** A request refused by load shedding (overload.ts) on `mount`: the API, the sandbox or MCP. */
  shed(mount: ShedMount): void {
    this.shedRequests.inc({ mount });
  }

  /** +1 when an event stream opens, -1 when it closes. */
  sandboxEventStream(delta: 1 | -1): void {
    this.eventStreams.inc(delta);
  }

  sandboxKeyMinted(plan: string): void {
    this.sandboxKeys.inc({ plan });
  }

  mail(outcome: MailOutcome): void {
    if (outcome === 'sent') this.mailSent.inc();
    else this.mailFailed.inc({ outcome });
  }

  /**
   * Remembers the template of the Express route a request matched, with the path of the router
   * it was mounted in. Why at match time: when a route passes an error on, Express restores
   * `req.baseUrl` on the way out, so by the time the answer is sent '/api/checkout' would read
   * '/checkout'. Express assigns `req.route` on the app's request prototype, once per match.
   */
  trackRoutes(app: Express): void {
    Object.defineProperty(app.request, 'route', {
      configurable: true,
      get(this: Request & Labelled) {
        return this[ROUTE_OBJECT];
      },
      set(this: Request & Labelled, route: { path?: unknown } | undefined) {
        this[ROUTE_OBJECT] = route;
        if (route && typeof route.path === 'string') this[MATCHED_ROUTE] = this.baseUrl + route.path;
      },
    });
  }
}

function routeOf(req: Request, res: Response): string {
  return (res as Labelled)[ROUTE_LABEL] ?? (req as Labelled)[MATCHED_ROUTE] ?? UNMATCHED_ROUTE;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: Prometheus text with the right bearer token (compared in constant time), 401
 * JSON without it; 404 JSON, as for any unknown address, when no token is configured.
 */
export function metricsEndpoint(metrics: AppMetrics | undefined, token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return async (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    if (!metrics || !expected) {
      next(new HttpError(404, `No route matches ${req.method} ${req.path}`));
      return;
    }
    const [scheme, given] = (req.get('authorization') ?? '').split(' ', 2);
    if (scheme?.toLowerCase() !== 'bearer' || !given || !timingSafeEqual(digest(given), expected)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"');
      next(new HttpError(401, 'Metrics need the bearer token set in METRICS_TOKEN (Authorization: Bearer <token>)'));
      return;
    }
    // prom-client writes a not-a-number sample (an event-loop lag mean before its first sample) as
    // `Nan`; the exposition format spells it `NaN`, and strict parsers accept only that.
    const text = (await metrics.registry.metrics()).replace(/ Nan$/gm, ' NaN');
    res.type(metrics.registry.contentType).send(text);
  };
}
