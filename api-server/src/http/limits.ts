import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/**
 * Longest request target (path and query) we read; real pages, assets and search queries stay far
 * below. Anything longer is refused before routing looks at it, which keeps all per-request work
 * on the address bounded.
 */
export const MAX_URL_LENGTH = 4096;

export const refuseLongUrls: RequestHandler = (req, _res, next) => {
  next(req.url.length > MAX_URL_LENGTH ? new HttpError(414, `The address is too long (over ${MAX_URL_LENGTH} characters)`) : undefined);
};

const json = (status: number, reason: string, error: string) => {
  const body = JSON.stringify({ success: false, error });
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
};

/**
 * Requests Node's parser refuses before Express sees them (headers or address over 16 kB,
 * broken request lines, a sender slower than CLIENT_TIMEOUTS in src/data/operations.ts) get the
 * same JSON envelope as every other client error.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') socket.end(json(431, 'Request Header Fields Too Large', 'The request address or headers are too large'));
  else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.end(json(408, 'Request Timeout', 'The request took too long to arrive: send it again'));
  else socket.end(json(400, 'Bad Request', 'The request is malformed'));
}
