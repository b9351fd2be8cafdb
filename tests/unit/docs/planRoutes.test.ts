/**
 * The plan routes (src/plugins/planRoutes.ts) hand their page the reference's outline, computed
 * from the data at build time: the page's sidebar, summaries and counts come from it, and the
 * cards with the full data load only when a section opens.
 */
import type { LoadContext, Plugin, RouteConfig } from '@docusaurus/types';
import planRoutesPlugin from '@site/src/plugins/planRoutes';
import { API_ENDPOINTS, WEBHOOK_EVENTS } from '@site/src/data/apiReference';
import { apiOutline } from '@site/src/data/apiReference/apiOutline';
import { PLAN_IDS } from '@site/src/data/plans';
import { planSidebar } from '@site/src/lib/apiSidebar';

async function routes(): Promise<RouteConfig[]> {
  const added: RouteConfig[] = [];
  const plugin = planRoutesPlugin({} as LoadContext) as Plugin;
  const actions = { addRoute: (r: RouteConfig) => added.push(r), createData: jest.fn(), setGlobalData: jest.fn() };
  await plugin.contentLoaded!({ content: undefined, actions, allContent: {} } as unknown as Parameters<NonNullable<Plugin['contentLoaded']>>[0]);
  return added;
}

describe('plan routes', () => {
  it('give every plan page, and the fallback, the outline of the reference data', async () => {
    const added = await routes();
    expect(added.map((r) => r.path)).toEqual([...PLAN_IDS.map((id) => `/api-docs/${id}`), '/api-docs/:planId']);
    for (const r of added) expect(r.props?.outline).toEqual(apiOutline());
  });

  it('outline every endpoint and event in reference order, with the fields the page uses and no details', () => {
    const outline = apiOutline();
    expect(outline.endpoints.map((e) => e.id)).toEqual(API_ENDPOINTS.map((e) => e.id));
    expect(outline.events.map((e) => e.type)).toEqual(WEBHOOK_EVENTS.map((e) => e.type));
    for (const e of outline.endpoints) expect(Object.keys(e).sort()).toEqual(['id', 'method', 'path', 'plans', 'section']);
    expect(JSON.stringify(outline)).not.toContain(API_ENDPOINTS[0]!.description);
  });

  it('build a plan sidebar that links each of its endpoints to its card', () => {
    const items = planSidebar(apiOutline(), 'business');
    const links = JSON.stringify(items);
    for (const e of API_ENDPOINTS.filter((x) => x.section !== 'whiteLabel')) expect(links).toContain(`"${e.method} ${e.path}"`);
    expect(links).toContain('#business-listBankAccounts');
  });
});
