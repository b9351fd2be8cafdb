import type { RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { fieldErrors, summariseErrors } from '../../../src/schemas/common';
import { HttpError } from './errors';

/**
 * Parses req.body with a shared zod schema and hands the typed value on in res.locals.body,
 * so handlers never parse twice. Failures answer 400 with a sentence and per-field errors.
 */
export function validateBody<S extends z.ZodType>(schema: S): RequestHandler {
  return (req, res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (!result.success) {
      next(new HttpError(400, summariseErrors(result.error), fieldErrors(result.error)));
      return;
    }
    res.locals.body = result.data;
    next();
  };
}

/** The value validateBody stored, typed by the same schema. */
export function parsedBody<S extends z.ZodType>(res: Response, _schema: S): z.infer<S> {
  return res.locals.body as z.infer<S>;
}
