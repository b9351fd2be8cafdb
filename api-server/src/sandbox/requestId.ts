import { randomId } from '../random';
import type { RequestHandler } from 'express';

/** Every sandbox answer names its request, as the documented error body's request_id does. */
export const REQUEST_ID_HEADER = 'Request-Id';

export const newRequestId = () => `req_${randomId(12, 'base64url')}`;

export const setRequestId: RequestHandler = (_req, res, next) => {
  const id = newRequestId();
  res.locals.requestId = id;
  res.set(REQUEST_ID_HEADER, id);
  next();
};
