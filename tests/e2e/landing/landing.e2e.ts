import { LOOKS, openPage, screenshot } from '../_lib/browser';
import path from 'node:path';
import { ROOT } from '../_lib/server';
import { CLAIMS } from '@site/src/data/claims';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { useLiveSite } from '../_lib/suite';

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
});
