import { PLAN_IDS } from '@site/src/data/plans';

/** Every route of the spec's route table (section 2), with one unknown plan id. */
export const SPEC_ROUTES = [
  '/',
  '/documentation',
  '/api-docs',
  ...PLAN_IDS.map((p) => `/api-docs/${p}`),
  '/api-docs/unknown-plan',
  '/success?plan=business&name=Ada',
  '/blog',
  '/privacy',
  '/terms',
  '/support',
  '/white-label',
] as const;
