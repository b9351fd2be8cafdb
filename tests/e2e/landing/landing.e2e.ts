import { LOOKS, openPage, screenshot } from '../_lib/browser';
import path from 'node:path';
import { ROOT } from '../_lib/server';
import { CLAIMS } from '@site/src/data/claims';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { useLiveSite } from '../_lib/suite';
import { measureColors } from '../_lib/colors';
import { hexToRgb } from '@site/src/lib/contrast';
import { LANDING_CONTACT } from '@site/src/data/landing';

jest.setTimeout(120_000);

describe('landing page in Chromium', () => {
  const live = useLiveSite();

  it('has the spec sections in order, every claim, and the external calls to action', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    const ids = await page.locator('main > section').evaluateAll((els) => els.map((e) => e.id || 'hero'));
    expect(ids).toEqual(['hero', 'why-us', 'features', 'guides', 'services', 'pricing', 'statistics', 'contact']);
    await expect(page.locator('#features li').count()).resolves.toBe(6);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const claim of Object.values(CLAIMS)) expect(text).toContain(claim);
    await expect(page.locator('footer').count()).resolves.toBe(1);
    for (const [name, href] of [['GET SUBSCRIBE', EXTERNAL_LINKS.subscribe], ['Get Started', EXTERNAL_LINKS.authFlow]] as const) {
      const link = page.locator('main').getByRole('link', { name, exact: true });
      await expect(link.getAttribute('href')).resolves.toBe(href);
      await expect(link.getAttribute('rel')).resolves.toContain('noopener');
    }
    await expect(page.locator('#pricing').getByText('Most Popular').count()).resolves.toBe(1);
    await expect(page.locator('#pricing').getByRole('button', { name: /Choose Plan/ }).count()).resolves.toBe(3);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each(['services', 'features', 'pricing', 'contact'])('the navbar link /#%s scrolls the section just below the sticky navbar', async (id) => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    await page.locator(`nav.navbar a[href="/#${id}"]`).first().click();
    await page.waitForFunction((sel) => Math.abs(document.getElementById(sel)!.getBoundingClientRect().top - (document.querySelector('nav.navbar')!.getBoundingClientRect().height + 8)) < 4 || window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2, id);
    const { top, navbar } = await page.evaluate((sel) => ({
      top: document.getElementById(sel)!.getBoundingClientRect().top,
      navbar: document.querySelector('nav.navbar')!.getBoundingClientRect().height,
    }), id);
    expect(top).toBeGreaterThanOrEqual(navbar - 1);
    await context.close();
  });

  it('does not shift its layout while loading', async () => {
    const { page, context } = await openPage(live.browser, { width: 360 });
    await page.addInitScript(() => {
      (window as unknown as { cls: number }).cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
    expect(cls).toBeLessThan(0.05);
    await context.close();
  });

  it.each(LOOKS)('looks right at $name, with no horizontal scroll', async (look) => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: look.width, colorScheme: look.colorScheme });
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `landing-${look.name}`);
    await page.getByRole('button', { name: 'Choose Plan: Business' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    // The viewport, not the full page: the modal is fixed to it.
    await page.screenshot({ path: path.join(ROOT, 'screenshots', `checkout-modal-${look.name}.png`) });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each([1280, 1024, 1000])('navbar at %i px: the wordmark shows and the last link keeps clear of the search box', async (width) => {
    const { page, context } = await openPage(live.browser, { width });
    await page.goto(`${live.server.url}/documentation`, { waitUntil: 'networkidle' });
    await expect(page.locator('.navbar__title').isVisible()).resolves.toBe(true);
    const gap = await page.evaluate(() => {
      const links = [...document.querySelectorAll('.navbar__items:not(.navbar__items--right) > .navbar__item')];
      const last = links[links.length - 1]!.getBoundingClientRect();
      const search = document.querySelector('.navbar__search')!.getBoundingClientRect();
      const nav = document.querySelector('.navbar')!;
      return { gap: search.left - last.right, oneLine: nav.scrollWidth <= nav.clientWidth, height: nav.getBoundingClientRect().height };
    });
    expect(gap.gap).toBeGreaterThanOrEqual(12);
    expect(gap.oneLine).toBe(true);
    expect(gap.height).toBeLessThanOrEqual(64);
    await context.close();
  });

  it.each([1280, 1024])('pricing at %i px: the three prices and buttons line up whatever the description length', async (width) => {
    const { page, context } = await openPage(live.browser, { width });
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    const tops = await page.locator('#pricing li[class*="plan"]').evaluateAll((cards) =>
      cards.map((c) => ({
        price: Math.round(c.querySelector('[class*="priceValue"]')!.getBoundingClientRect().top),
        button: Math.round(c.querySelector('button')!.getBoundingClientRect().top),
      })),
    );
    expect(tops).toHaveLength(3);
    expect(new Set(tops.map((t) => t.price)).size).toBe(1);
    expect(new Set(tops.map((t) => t.button)).size).toBe(1);
    await context.close();
  });

  it('services links at 320 px: each arrow follows the last word of its label', async () => {
    const { page, context } = await openPage(live.browser, { width: 320 });
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    const links = await page.locator('#services a:has(svg)').evaluateAll((as) =>
      as.map((a) => {
        const lines: DOMRect[] = [];
        const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          lines.push(...range.getClientRects());
        }
        const lastLine = lines[lines.length - 1]!;
        const arrow = a.querySelector('svg')!.getBoundingClientRect();
        return { label: a.textContent, dx: Math.round(arrow.left - lastLine.right), dy: Math.round(arrow.top + arrow.height / 2 - (lastLine.top + lastLine.height / 2)) };
      }),
    );
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const l of links) expect([l.label, Math.abs(l.dy) <= 4, l.dx >= 0 && l.dx <= 14]).toEqual([l.label, true, true]);
    await context.close();
  });

  it('the 24-hour promise is not styled as a sent message', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    const promise = page.locator('#contact aside').getByText(LANDING_CONTACT.responsePromise);
    const colors = await measureColors(promise);
    const [r, g, b] = hexToRgb(colors.background);
    expect([colors.background, g > r + 8 && g > b + 8]).toEqual([colors.background, false]);
    await context.close();
  });
});
