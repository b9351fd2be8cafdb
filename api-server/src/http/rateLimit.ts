import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { isIPv4 } from 'node:net';
import { answerUnavailable, type Counters, type LocalWindow, type WindowCount } from '../counters';
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

const WINDOW_MS = 60_000;

/**
 * The limit on counts in this process's memory, synchronously: the same headers (draft-8, named
 * as express-rate-limit names them), Retry-After and refusal as the shared path below.
 */
function localLimit(window: LocalWindow, options: LimitOptions, metrics?: AppMetrics): RequestHandler {
  const keyOf = options.key ?? clientKey;
  const seconds = WINDOW_MS / 1000;
  return (req, res, next) => {
    let limit: number;
    let count: WindowCount;
    try {
      count = window.hit(keyOf(req, res));
      limit = typeof options.perMinute === 'function' ? options.perMinute(req, res) : options.perMinute;
    } catch (err) {
      next(err);
      return;
    }
    const name = `"${limit}-in-${seconds / 60}min"`;
    const reset = Math.max(0, Math.ceil((count.resetAt - Date.now()) / 1000));
    res.append('RateLimit', `${name}; r=${Math.max(limit - count.hits, 0)}; t=${reset}`);
    res.append('RateLimit-Policy', `${name}; q=${limit}; w=${seconds}; pk=:${count.partition}:`);
    if (count.hits > limit) {
      res.setHeader('Retry-After', String(reset));
      metrics?.rateLimited(options.name);
      next(options.refuse(req, res));
      return;
    }
    next();
  };
}

/**
 * The one way a per-minute limit is built: counted in `counters` (memory, synchronously, or
 * Redis), with the standard RateLimit and RateLimit-Policy headers and Retry-After when refused.
 */
export function perMinuteLimit(counters: Counters, options: LimitOptions, metrics?: AppMetrics): RequestHandler {
  const local = counters.localWindow?.(WINDOW_MS);
  if (local) return localLimit(local, options, metrics);
  return answerUnavailable(
    rateLimit({
      windowMs: WINDOW_MS,
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
