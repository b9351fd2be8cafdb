import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { PLAN_DOC_PROFILES } from './src/data/limits';
import { API_SECTION_IDS, endpointsOf } from './src/data/apiReference';
import { SECTION_TAGS } from './src/data/apiReference/openapi';

/**
 * Sidebar of /api-docs: the reference itself, every endpoint by section (links into the
 * reference's accordions, which open on the hash), then the per-plan pages (routes added by
 * src/plugins/planRoutes.ts, so they are links rather than docs).
 */
const sidebars: SidebarsConfig = {
  api: [
    { type: 'doc', id: 'index', label: 'API Reference' },
    ...API_SECTION_IDS.map((section) => ({
      type: 'category' as const,
      label: SECTION_TAGS[section],
      collapsed: true,
      items: endpointsOf(section).map((e) => ({ type: 'link' as const, label: `${e.method} ${e.path}`, href: `/api-docs#${e.id}` })),
    })),
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
