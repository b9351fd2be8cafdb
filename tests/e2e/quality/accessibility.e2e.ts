import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { openPage } from '../_lib/browser';
import { ADMIN } from '../_lib/server';
import { SPEC_ROUTES } from './routes';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(180_000);

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

function describeViolations(result: AxeResults): string[] {
  return result.violations.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((n) => {
      const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
      const colors = data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : '';
      return n.target.join(' ') + colors;
    });
    return `${v.id}: ${nodes.join(', ')}`;
  });
}

// The white-label preview is checked whole, contrast included: the theme picks AA text colors
// for the client's own brand colors (brandInks in src/lib/whiteLabel.ts).
async function violations(page: Page): Promise<string[]> {
  return describeViolations(await new AxeBuilder({ page }).withTags(TAGS).analyze());
}

describe('axe finds no violations', () => {
  const live = useLiveSite();

  for (const colorScheme of ['light', 'dark'] as const) {
    it.each(SPEC_ROUTES)(`%s (${colorScheme})`, async (route) => {
      const { page, context } = await openPage(live.browser, { colorScheme, httpCredentials: ADMIN });
      await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
      expect(await violations(page)).toEqual([]);
      await context.close();
    });
  }

  // Not a spec route, but the operator's reference: its tables relabel their cells on phones.
  it.each([['light', 1280], ['dark', 390]] as const)('/documentation/operations (%s, %i px)', async (colorScheme, width) => {
    const { page, context } = await openPage(live.browser, { colorScheme, width });
    await page.goto(live.server.url + '/documentation/operations', { waitUntil: 'networkidle' });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('with the checkout modal open', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(live.server.url + '/#pricing', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /Choose Plan/ }).first().click();
    await page.getByRole('dialog').waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('with the docs accordions and the FAQ open', async () => {
    const { page, context } = await openPage(live.browser);
    for (const route of ['/documentation', '/api-docs', '/support']) {
      await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
      // Handles, not `.all()`'s nth locators: an opened Try it panel loads its own disclosures a
      // moment later, which shifted every later index onto another (hidden) button (found by CI).
      for (const button of await page.locator('button[aria-expanded="false"]').elementHandles()) {
        if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) === 'false') await button.click();
      }
      expect([route, await violations(page)]).toEqual([route, []]);
    }
    await context.close();
  });

  it('with each white-label tab open', async () => {
    const { page, context } = await openPage(live.browser, { httpCredentials: ADMIN });
    await page.goto(live.server.url + '/white-label', { waitUntil: 'networkidle' });
    for (const tab of await page.getByRole('tab').all()) {
      if (!(await tab.isVisible())) continue;
      await tab.click();
      expect([await tab.textContent(), await violations(page)]).toEqual([await tab.textContent(), []]);
    }
    await context.close();
  });
});
