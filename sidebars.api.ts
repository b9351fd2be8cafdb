import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { PLAN_DOC_PROFILES } from './src/data/limits';

/**
 * Sidebar of /api-docs: the reference itself, then the per-plan pages (routes added by
 * src/plugins/planRoutes.ts, so they are links rather than docs).
 */
const sidebars: SidebarsConfig = {
  api: [
    { type: 'doc', id: 'index', label: 'API Reference' },
    {
      type: 'category',
      label: 'By plan',
      collapsed: false,
      items: PLAN_DOC_PROFILES.map((p) => ({ type: 'link' as const, label: `${p.name} (${p.priceLabel})`, href: `/api-docs/${p.id}` })),
    },
    { type: 'link', label: 'Guides', href: '/documentation' },
  ],
};

export default sidebars;
