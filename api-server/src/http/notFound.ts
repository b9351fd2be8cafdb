import type { Request, RequestHandler } from 'express';
import { SANDBOX_BASE_PATH } from '../../../src/data/sandbox';
import { HttpError } from './errors';

/** First path segments that belong to APIs: what is unknown under them is always answered in JSON. */
const API_SEGMENTS = new Set(['api', SANDBOX_BASE_PATH.split('/')[1]!]);

function isApiPath(path: string): boolean {
  return API_SEGMENTS.has(path.split('/')[1] ?? '');
}

/**
 * Whether an unknown address is answered with the site's 404 page rather than JSON. A GET gets the
 * page unless it prefers JSON (browsers, links and crawlers name HTML or take anything); a write
 * (POST, PUT…) gets it only from a browser form, which names text/html, so an API client's
 * stray POST gets JSON.
 */
export function wantsPage(req: Request): boolean {
  if (isApiPath(req.path)) return false;
  if (req.method === 'GET' || req.method === 'HEAD') return req.accepts(['html', 'json']) === 'html';
  return /\btext\/html\b/i.test(req.get('accept') ?? '');
}

/** The product's own 404 in JSON, behind every router: never Express's "Cannot POST /x" page. */
export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `Nothing here answers ${req.method} ${req.path}`));
};
