import express from 'express';
import { DEMO_ORGANIZATION_ID } from '../../../src/data/whiteLabel';
import { deployRequestSchema, whiteLabelConfigSchema, type WhiteLabelConfigAnswer, type WhiteLabelDeployAnswer } from '../../../src/schemas/whiteLabel';
import type { Feature } from '../deps';
import { parsedBody, validateBody } from '../http/validate';
import { configHistory, currentConfig, deployConfig, saveConfig, type WhiteLabelDeps } from './service';
import { whiteLabelMigrations } from './table';

/**
 * The white-label admin API. Every /api/white-label/* request, known or not, is counted by the
 * general limiter and then needs HTTP Basic auth (failed passwords are throttled on their own in
 * basicAuth), which leaves the admin's name in res.locals.adminUser; we record it with every change.
 * The single admin manages the demo organization (spec section 3: "organizationId: a demo default").
 */
export const whiteLabelFeature: Feature = {
  name: 'white-label',
  prefix: '/white-label',
  migrations: whiteLabelMigrations,
  routes({ db, now, logger, requireAdmin, limiters }) {
    const deps: WhiteLabelDeps = { db, organizationId: DEMO_ORGANIZATION_ID, now, logger };
    const router = express.Router();
    router.use(limiters.api, requireAdmin);
    const who = (locals: Record<string, unknown>) => String(locals.adminUser ?? 'unknown');

    router.get('/config', async (_req, res) => {
      const view = await currentConfig(deps);
      const body: WhiteLabelConfigAnswer = { success: true, config: view?.config ?? null, meta: view?.meta ?? null };
      res.json(body);
    });

    router.get('/config/history', async (_req, res) => {
      res.json({ success: true, versions: await configHistory(deps) });
    });

    router.post('/config', validateBody(whiteLabelConfigSchema), async (_req, res) => {
      const saved = await saveConfig(deps, parsedBody(res, whiteLabelConfigSchema), who(res.locals));
      const body: WhiteLabelConfigAnswer = { success: true, config: saved.config, meta: saved.meta, unchanged: saved.unchanged };
      res.status(saved.unchanged ? 200 : 201).json(body);
    });

    router.post('/deploy', validateBody(deployRequestSchema), async (_req, res) => {
      const { configId } = parsedBody(res, deployRequestSchema);
      const result = await deployConfig(deps, configId, who(res.locals));
      const body: WhiteLabelDeployAnswer = { success: true, ...result };
      res.status(result.alreadyActive ? 200 : 201).json(body);
    });

    return router;
  },
};
