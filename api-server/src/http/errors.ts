import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isStorageFault } from '../db/database';
import type { Logger } from '../logger';
import type { FieldErrors } from '../../../src/schemas/common';

/** An error whose message is safe and useful to show the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The one error envelope of the live API. */
export interface ErrorBody {
  success: false;
  error: string;
  fields?: FieldErrors;
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, `No API route matches ${req.method} ${req.path}`));
};

/**
 * The JSON body reader (jsonBody.ts) signals its failures with a `type`, body-parser's names for
 * them: one human message each, for every API (the live API's envelope and the sandbox's
 * documented error body carry the same words).
 */
const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON'],
  'entity.too.large': [413, 'The request body is too large'],
  'encoding.unsupported': [415, 'The request body encoding is not supported'],
  'charset.unsupported': [415, 'The request body charset is not supported'],
  'request.aborted': [400, 'The request was aborted'],
  'request.size.invalid': [400, 'The request body does not match its Content-Length'],
};

/**
 * The status and message of a client error raised below our handlers: the body reader's, and
 * other client errors marked `expose` (as http-errors marks them), e.g. a zlib error when a
 * `Content-Encoding: gzip` body is not gzip, whose status is right but whose text is zlib's.
 * `body` tells a failure to read the body from other unreadable requests.
 */
export function clientErrorOf(err: unknown): { status: number; message: string; body: boolean } | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const type = 'type' in err && typeof err.type === 'string' ? err.type : '';
  const known = BODY_ERRORS[type];
  if (known) return { status: known[0], message: known[1], body: true };
  const status = 'status' in err ? err.status : undefined;
  if (typeof status !== 'number' || status < 400 || status > 499 || !('expose' in err) || err.expose !== true) return undefined;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  // zlib's codes are Z_DATA_ERROR and the like; brotli's ERR__ERROR_FORMAT_….
  if (code.startsWith('Z_') || code.startsWith('ERR__')) {
    return { status: 400, message: 'The request body could not be decompressed: it does not match its Content-Encoding', body: true };
  }
  return { status, message: 'The request could not be read', body: false };
}

const LAST_RESORT_BODY = JSON.stringify({ success: false, error: 'Something went wrong on our side. Please try again.' });

/**
 * Behind errorHandler: if that handler itself fails (a logger that throws, a broken body), the
 * client still gets a fixed JSON 500 and never Express's HTML page with a stack trace.
 */
export const lastResortErrorHandler: ErrorRequestHandler = (_err: unknown, _req, res, _next) => {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(LAST_RESORT_BODY), 'Cache-Control': 'no-store' });
  res.end(LAST_RESORT_BODY);
};

/** Seconds a client is asked to wait after a storage fault: long enough for an operator or a cleanup job. */
export const STORAGE_RETRY_AFTER_S = 30;
export const STORAGE_FAULT_MESSAGE = 'We cannot store anything right now. Nothing was saved; please try again in a minute.';

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    let status = 500;
    let body: ErrorBody = { success: false, error: 'Something went wrong on our side. Please try again.' };
    const client = clientErrorOf(err);
    if (err instanceof HttpError) {
      status = err.status;
      body = { success: false, error: err.message, ...(err.fields ? { fields: err.fields } : {}) };
    } else if (client) {
      status = client.status;
      body = { success: false, error: client.message };
    } else if (isStorageFault(err)) {
      status = 503;
      body = { success: false, error: STORAGE_FAULT_MESSAGE };
      res.set('Retry-After', String(STORAGE_RETRY_AFTER_S));
    }
    if (status >= 500) logger.error({ err, path: req.path }, 'request failed');
    res.status(status).json(body);
  };
}
