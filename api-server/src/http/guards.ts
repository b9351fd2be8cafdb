import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/**
 * Refuses cross-site writes: browsers mark them with Sec-Fetch-Site, and an Origin header that
 * names another host. JSON-only bodies also keep simple cross-site form posts out.
 */
export const sameOriginWrites: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
    next();
    return;
  }
  const site = req.get('sec-fetch-site');
  if (site === 'cross-site') {
    next(new HttpError(403, 'Cross-site requests are not allowed'));
    return;
  }
  const origin = req.get('origin');
  if (origin && origin !== 'null') {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== req.get('host')) {
      next(new HttpError(403, 'Cross-site requests are not allowed'));
      return;
    }
  }
  if (!req.is('application/json')) {
    next(new HttpError(415, 'Send the request body as JSON (Content-Type: application/json)'));
    return;
  }
  next();
};
