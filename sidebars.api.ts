import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { apiSidebarItems } from './src/lib/apiSidebar';
import { apiOutline } from './src/data/apiReference/apiOutline';

/**
 * Sidebar of /api-docs: the reference itself, every endpoint by section (links into the
 * reference's accordions, which open on the hash), then the per-plan pages (routes added by
 * src/plugins/planRoutes.ts, so they are links rather than docs). The plan pages show the same
 * sidebar, built by the same function (src/components/PlanReference/PlanReferencePage.tsx).
 */
const sidebars: SidebarsConfig = {
  api: [{ type: 'doc', id: 'index', label: 'API Reference' }, ...apiSidebarItems(apiOutline())],
};

export default sidebars;
