import express from 'express';
import type { FormTokenResponse } from '../../../src/schemas/common';
import type { Feature } from '../deps';
import { formTokenMigrations } from './table';

/** GET /api/form-token: the signed token the contact and support forms must send back. */
export const formTokenFeature: Feature = {
  name: 'form-token',
  prefix: '/form-token',
  migrations: formTokenMigrations,
  routes({ formTokens: tokens, limiters, now }) {
    const router = express.Router();
    router.get('', limiters.api, (_req, res) => {
      res.json({ token: tokens.issue(now().getTime()) } satisfies FormTokenResponse);
    });
    return router;
  },
};
