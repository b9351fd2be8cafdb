import type { LoadContext, Plugin } from '@docusaurus/types';
import { PLAN_IDS } from '../data/plans';
import { apiOutline } from '../data/apiReference/apiOutline';

/**
 * Adds the per-plan API reference routes. Each known plan gets a prerendered page; the
 * `:planId` route catches any other single segment so client-side navigation to an unknown
 * plan still renders (the starter content); the server serves its static HTML for direct loads.
 * Keep the /api-docs docs instance free of single-segment pages: this route would shadow them.
 *
 * Each route gets the reference's outline as a prop (a JSON module, see
 * src/data/apiReference/outline.ts): sidebar, section summaries and counts come from it.
 */
export default function planRoutesPlugin(_context: LoadContext): Plugin {
  return {
    name: 'plan-routes',
    async contentLoaded({ actions }) {
      const outline = apiOutline();
      for (const planId of PLAN_IDS) {
        actions.addRoute({
          path: `/api-docs/${planId}`,
          component: '@site/src/components/PlanReference/PlanReferencePage.tsx',
          exact: true,
          props: { planId, outline },
        });
      }
      actions.addRoute({
        path: '/api-docs/:planId',
        component: '@site/src/components/PlanReference/PlanReferencePage.tsx',
        exact: true,
        props: { outline },
        // Routes are sorted by path, so ':planId' would come before 'business' and shadow the
        // prerendered plan pages: match it last.
        priority: -1,
      });
    },
  };
}
