/**
 * /api-docs and the plan pages share one layout: the docs chrome with the API sidebar listing every
 * endpoint by section (linking to cards that exist on the page being read), the same breadcrumbs,
 * accordion sections and endpoint card markup.
 */
import type { Page } from 'playwright-core';
import { hydrated, openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(60_000);

interface Layout {
  htmlClasses: string[];
  breadcrumbs: string[];
  categories: string[];
  /** Sidebar endpoint links: [pathname of the link, target id, data-endpoint of the card holding it]. */
  links: [string, string, string | null][];
  /** data-endpoint of every card on the page. */
  cards: string[];
  cardClass: string | null;
  accordions: number;
}

async function layoutOf(page: Page, url: string): Promise<Layout> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await hydrated(page);
  const sidebar = page.locator('aside.theme-doc-sidebar-container nav[aria-label]');
  // Categories are collapsed and lazy: open each to render its links.
  const closed = sidebar.locator('a.menu__link--sublist[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return page.evaluate(() => {
    const side = document.querySelector('aside.theme-doc-sidebar-container')!;
    const links = Array.from(side.querySelectorAll<HTMLAnchorElement>('a.menu__link:not(.menu__link--sublist)[href*="#"]')).map((a): [string, string, string | null] => {
      const target = document.getElementById(decodeURIComponent(a.hash.slice(1)));
      return [a.pathname, a.hash.slice(1), target?.closest('article[data-endpoint]')?.getAttribute('data-endpoint') ?? null];
    });
    const cards = Array.from(document.querySelectorAll('.theme-doc-markdown article[data-endpoint]'));
    return {
      htmlClasses: ['docs-wrapper', 'docs-doc-page'].filter((c) => document.documentElement.classList.contains(c)),
      breadcrumbs: Array.from(document.querySelectorAll('nav.theme-doc-breadcrumbs .breadcrumbs__item')).map((li) => li.textContent ?? ''),
      categories: Array.from(side.querySelectorAll('.theme-doc-sidebar-item-category-level-1 > div > a')).map((a) => a.textContent ?? ''),
      links,
      cards: cards.map((c) => c.getAttribute('data-endpoint') ?? ''),
      cardClass: cards[0]?.classList[0] ?? null,
      accordions: document.querySelectorAll('.theme-doc-markdown [data-accordion] > h2 > button[aria-expanded]').length,
    };
  });
}

describe('one layout for the API reference pages', () => {
  const live = useLiveSite();

  it('gives /api-docs and every plan page the same chrome, sidebar and endpoint cards', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    const reference = await layoutOf(page, `${live.server.url}/api-docs`);
    expect(reference.htmlClasses).toEqual(['docs-wrapper', 'docs-doc-page']);
    expect(reference.breadcrumbs).toEqual(['', 'API Reference']);
    expect(reference.accordions).toBe(7);
    for (const [route, title, whiteLabel] of [
      ['/api-docs/starter', 'Starter Plan', false],
      ['/api-docs/business', 'Business Plan', false],
      ['/api-docs/enterprise', 'Enterprise Plan', true],
      ['/api-docs/nope', 'Starter Plan', false],
    ] as const) {
      const plan = await layoutOf(page, live.server.url + route);
      expect([route, plan.htmlClasses]).toEqual([route, reference.htmlClasses]);
      expect([route, plan.breadcrumbs]).toEqual([route, ['', 'API Reference', title]]);
      // Same sections in the same order; White Label API is enterprise only (spec section 2).
      expect([route, plan.categories]).toEqual([route, whiteLabel ? reference.categories : reference.categories.filter((c) => c !== 'White Label')]);
      expect([route, plan.cardClass]).toEqual([route, reference.cardClass]);
      expect(plan.accordions).toBeGreaterThanOrEqual(5);
    }
    // Each page's sidebar links to every card on that page, and to nothing else.
    for (const route of ['/api-docs', '/api-docs/starter', '/api-docs/enterprise', '/api-docs/nope']) {
      const { links, cards } = await layoutOf(page, live.server.url + route);
      expect(links.length).toBeGreaterThan(0);
      for (const [pathname, id, card] of links) expect([route, id, pathname, card !== null]).toEqual([route, id, new URL(page.url()).pathname, true]);
      expect([route, [...new Set(links.map((l) => l[2]))].sort()]).toEqual([route, [...new Set(cards)].sort()]);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a sidebar endpoint link on a plan page opens its section and shows the card', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/api-docs/business`, { waitUntil: 'networkidle' });
    await hydrated(page);
    // Plan pages open only Getting Started at load, like /api-docs.
    await expect(page.locator('[data-accordion="banking"] > h2 button').getAttribute('aria-expanded')).resolves.toBe('false');
    const card = page.locator('[data-endpoint="createBankAccount"]');
    await expect(card.isVisible()).resolves.toBe(false);
    const sidebar = page.locator('aside.theme-doc-sidebar-container');
    await sidebar.locator('a.menu__link--sublist', { hasText: 'Banking' }).click();
    await sidebar.locator('a.menu__link', { hasText: 'POST /banking/accounts' }).first().click();
    await card.waitFor({ state: 'visible' });
    expect(new URL(page.url()).hash).toBe('#business-createBankAccount');
    await context.close();
  });
});
