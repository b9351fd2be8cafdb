import type { PropSidebarItem, PropSidebarItemCategory, PropSidebarItemLink } from '@docusaurus/plugin-content-docs';
import { PLAN_DOC_PROFILES } from '../data/planProfiles';
import { WHITE_LABEL_PLAN_IDS, type PlanId } from '../data/plans';
import { endpointAnchor } from '../data/apiReference/anchors';
import { outlineEndpointsOf, type ApiOutline } from '../data/apiReference/outline';
import { API_SECTION_IDS, type ApiSectionId } from '../data/apiReference/types';

/** Endpoint sections a plan page shows: White Label API only on plans with the white-label feature (spec section 2: enterprise). */
export function planEndpointSections(plan: PlanId): readonly ApiSectionId[] {
  return API_SECTION_IDS.filter((s) => s !== 'whiteLabel' || WHITE_LABEL_PLAN_IDS.includes(plan));
}

/**
 * The API reference sidebar after its first entry, for /api-docs (`plan` undefined) and for a plan
 * page: every endpoint by section, linking to its card on the page being read, then the plan pages
 * and the guides. One builder, so both kinds of page list the same sections in the same order.
 */
export function apiSidebarItems(outline: ApiOutline, plan?: PlanId): (PropSidebarItemCategory | PropSidebarItemLink)[] {
  // A plan page links within itself: the same links then serve the /api-docs/:planId fallback,
  // which shows a plan's content at another address.
  const page = plan ? '' : '/api-docs';
  const shown = plan ? planEndpointSections(plan) : API_SECTION_IDS;
  return [
    ...outline.sections
      .filter(({ id }) => shown.includes(id))
      .map(
        ({ id: section, label }): PropSidebarItemCategory => ({
          type: 'category',
          label,
          collapsible: true,
          collapsed: true,
          items: outlineEndpointsOf(outline, section).map((e): PropSidebarItemLink => ({ type: 'link', label: `${e.method} ${e.path}`, href: `${page}#${endpointAnchor(e.id, plan)}` })),
        }),
      ),
    {
      type: 'category',
      label: 'By plan',
      collapsible: true,
      collapsed: false,
      items: PLAN_DOC_PROFILES.map((p): PropSidebarItemLink => ({ type: 'link', label: `${p.name} (${p.priceLabel})`, href: `/api-docs/${p.id}` })),
    },
    { type: 'link', label: 'Guides', href: '/documentation' },
  ];
}

/** The whole sidebar of a plan page; on /api-docs the docs plugin puts the reference doc first. */
export function planSidebar(outline: ApiOutline, plan: PlanId): PropSidebarItem[] {
  return [{ type: 'link', label: 'API Reference', href: '/api-docs' }, ...apiSidebarItems(outline, plan)];
}
