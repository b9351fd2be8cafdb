/**
 * On a phone the docs pages hold the doc sidebar in the closed, off-screen menu. Infima slid that
 * menu's panes into place after hydration; while its links crossed the viewport, Docusaurus's Link
 * prefetched every one of their routes (about 400 <link rel=prefetch> on /documentation, half a
 * second of a slowed phone's main thread). src/css/custom.css stops the slide while the menu is
 * closed: the page prefetches the links a reader sees, and the menu's links once it is opened.
 */
import type { Page } from 'playwright-core';
import { hydrated, openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(60_000);

const prefetched = (page: Page) => page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length);

async function settle(page: Page): Promise<void> {
  await hydrated(page);
  // Link prefetches from IntersectionObserver callbacks: give them a few frames and a margin.
  await page.waitForTimeout(1500);
}

describe('docs pages on a phone', () => {
  const live = useLiveSite();

  it.each(['/documentation', '/api-docs'])('%s prefetches only what is on screen until the menu opens', async (route) => {
    const { page, context } = await openPage(live.browser, { width: 412, height: 823 });
    try {
      await page.goto(live.server.url + route, { waitUntil: 'load' });
      await settle(page);
      const closed = await prefetched(page);
      // A handful of routes (home, breadcrumbs, a few links in the text), each a few chunks.
      expect(closed).toBeLessThan(40);

      // Opened, the menu slides in and its links are prefetched as before.
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      await page.locator('.navbar-sidebar--show').waitFor();
      await page.waitForTimeout(1500);
      expect(await prefetched(page)).toBeGreaterThan(closed);
      const slide = await page.locator('.navbar-sidebar__items').evaluate((el) => getComputedStyle(el).transitionDuration);
      expect(slide).not.toBe('0s');
    } finally {
      await context.close();
    }
  });

  // Docusaurus resolves a route under /api-docs to all of the docs plugin's layout chunks once per
  // level of nesting: a plan page's breadcrumb and plan switcher, as <Link>s, appended 39 prefetch
  // links for 11 chunks, and Lighthouse's slow phone scored the page 5-7 points lower for the
  // downloads (src/components/FullPageLink). Those links are now loaded from the server.
  it.each(['/api-docs/starter', '/api-docs/business', '/api-docs/enterprise'])('%s prefetches only the home page', async (route) => {
    const { page, context } = await openPage(live.browser, { width: 412, height: 823 });
    try {
      await page.goto(live.server.url + route, { waitUntil: 'load' });
      await settle(page);
      const chunks = await page.evaluate(() => Array.from(document.querySelectorAll('link[rel="prefetch"]'), (l) => l.getAttribute('href')));
      expect(chunks.length).toBeLessThanOrEqual(3);
    } finally {
      await context.close();
    }
  });

  it('the breadcrumb, plan switcher and plan cards still lead to their pages', async () => {
    const { page, context } = await openPage(live.browser, { width: 412, height: 823 });
    try {
      await page.goto(live.server.url + '/api-docs/starter', { waitUntil: 'load' });
      await hydrated(page);
      await page.getByRole('navigation', { name: 'Other plans' }).getByRole('link', { name: 'Business' }).click();
      await page.locator('h1', { hasText: 'Business Plan API Reference' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/api-docs/business');
      await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'API Reference' }).click();
      await page.getByRole('navigation', { name: 'API reference by plan' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/api-docs');
      await hydrated(page);
      await page.getByRole('navigation', { name: 'API reference by plan' }).getByRole('link', { name: /Enterprise/ }).click();
      await page.locator('h1', { hasText: 'Enterprise Plan API Reference' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/api-docs/enterprise');
    } finally {
      await context.close();
    }
  });
});
