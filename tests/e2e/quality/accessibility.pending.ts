// Not yet in the suite: axe still reports colour-contrast on Prism tokens, prose links and the search hint (issue 8). Rename to .e2e.ts once fixed.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../_lib/browser';
import { ADMIN, startServer, type RunningServer } from '../_lib/server';
import { SPEC_ROUTES } from './routes';

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

describe('axe finds no violations', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it.each(SPEC_ROUTES)(`%s (${colorScheme})`, async (route) => {
      const { page, context } = await openPage(browser, { colorScheme, httpCredentials: ADMIN });
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      expect(await violations(page)).toEqual([]);
      await context.close();
    });
  }

  it('with the checkout modal open', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(server.url + '/#pricing', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /Choose Plan/ }).first().click();
    await page.getByRole('dialog').waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('with the docs accordions and the FAQ open', async () => {
    const { page, context } = await openPage(browser);
    for (const route of ['/documentation', '/api-docs', '/support']) {
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      for (const button of await page.locator('button[aria-expanded="false"]').all()) {
        if (await button.isVisible()) await button.click();
      }
      expect([route, await violations(page)]).toEqual([route, []]);
    }
    await context.close();
  });

  it('with each white-label tab open', async () => {
    const { page, context } = await openPage(browser, { httpCredentials: ADMIN });
    await page.goto(server.url + '/white-label', { waitUntil: 'networkidle' });
    for (const tab of await page.getByRole('tab').all()) {
      if (!(await tab.isVisible())) continue;
      await tab.click();
      expect([await tab.textContent(), await violations(page)]).toEqual([await tab.textContent(), []]);
    }
    await context.close();
  });
});
