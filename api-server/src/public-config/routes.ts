import express from 'express';
import type { Feature } from '../deps';

/**
 * Values the static site shows but must not bake into the build, so a changed environment
 * variable takes effect at the next start without rebuilding.
 */
export const publicConfigFeature: Feature = {
  name: 'public-config',
  prefix: '/public-config',
  migrations: [],
  routes({ config, limiters }) {
    const router = express.Router();
    router.get('', limiters.api, (_req, res) => {
      res.set('Cache-Control', 'no-cache');
      res.json({ setupPassword: config.setupPassword });
    });
    return router;
  },
};
