import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { isIPv4 } from 'node:net';
import { answerUnavailable, type Counters } from './counters';
import type { AppMetrics } from './metrics';

/**
 * The rate-limit key: the IPv4 address as is (also when the socket reports it IPv4-mapped,
 * as a dual-stack listener does), an IPv6 client by its /56 like the library's default.
 * Why not the default: it parses every address with a full IPv6 library, a measurable share
 * of an API request's CPU time under load.
 */
export function clientKey(req: Pick<Request, 'ip'>): string {
  const ip = req.ip ?? '';
  if (isIPv4(ip)) return ip;
  const mapped = ip.startsWith('::ffff:') ? ip.slice(7) : '';
  return isIPv4(mapped) ? mapped : ipKeyGenerator(ip);
}

export interface LimitOptions {
  /** Keeps this limiter's counts apart from the others' in the shared store. */
  name: string;
  /** Requests per minute, fixed or per request (the sandbox's depends on the key's plan). */
  perMinute: number | ((req: Request, res: Response) => number);
  /** What is counted: the client address unless said otherwise (the sandbox counts per API key). */
  key?: (req: Request, res: Response) => string;
  /** While the shared store (REDIS_URL) is away: 503 ('refuse'), or count in this process ('local'). */
  whenDown: 'refuse' | 'local';
  /** The error a request over the limit is answered with, in the envelope of its API. */
  refuse: (req: Request, res: Response) => Error;
}

/**
 * The one way a per-minute limit is built: counted in `counters` (memory or Redis), with the
 * standard RateLimit and RateLimit-Policy headers and Retry-After when refused.
 */
export function perMinuteLimit(counters: Counters, options: LimitOptions, metrics?: AppMetrics): RequestHandler {
  return answerUnavailable(
    rateLimit({
      windowMs: 60_000,
      limit: options.perMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: options.key ?? clientKey,
      store: counters.rateLimitStore(options.name, options.whenDown),
      handler: (req, res, next) => {
        metrics?.rateLimited(options.name);
        next(options.refuse(req, res));
      },
    }),
  );
}
