import { LOOKS, openPage, screenshot } from '../_lib/browser';
import { LEGAL_DATES, PRIVACY, PRIVACY_SECTIONS, TERMS, TERMS_SECTIONS } from '@site/src/data';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(120_000);

// What a reader must find on each page, as the browser renders it (spec sections 2 and 9).
const PAGES = [
  {
    route: '/privacy',
    title: 'Privacy Policy',
    sections: PRIVACY_SECTIONS,
    phrases: [
      ...PRIVACY.retention.flatMap((r) => [r.data, r.period]),
      `within ${PRIVACY.rightsResponseDays} days`,
      ...PRIVACY.securityClaims,
      'MFA',
    ],
  },
  {
    route: '/terms',
    title: 'Terms of Service',
    sections: TERMS_SECTIONS,
    phrases: [
      `at least ${TERMS.minimumAge} years old`,
      'age of majority',
      'sanctions',
      `billed ${TERMS.billing}`,
      'non-refundable',
      `${TERMS.feeChangeNoticeDays} days notice before any fee change`,
      `more than ${TERMS.suspensionDaysPastDue} days past due`,
      `${TERMS.deletionDaysAfterTermination} days after termination`,
      `${TERMS.liabilityCapMonths} months`,
      'within one year',
      `${TERMS.terminationNoticeDays} days notice in writing`,
      `State of ${TERMS.governingLaw}`,
      'binding arbitration',
      'Class-action waiver',
      'data processing agreement',
      'white-label platform',
      `${TERMS.updateNoticeDays} days notice of material changes`,
    ],
  },
] as const;

describe('legal pages in Chromium', () => {
  const live = useLiveSite();

  describe.each(PAGES)('$route', ({ route, title, sections, phrases }) => {
    it('shows the dates, the contents and every section in order', async () => {
      const { page, context, consoleErrors } = await openPage(live.browser);
      expect((await page.goto(live.server.url + route, { waitUntil: 'networkidle' }))?.status()).toBe(200);
      await expect(page.locator('h1').textContent()).resolves.toBe(title);
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(`Last updated: ${LEGAL_DATES.lastUpdated}`);
      expect(text).toContain(`Effective: ${LEGAL_DATES.effective}`);
      const toc = await page.getByRole('navigation', { name: 'Contents' }).locator('a').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
      expect(toc).toEqual(sections.map((s) => [`#${s.id}`, s.title]));
      const headings = await page.locator('main article h2').evaluateAll((hs) => hs.map((h) => h.id));
      expect(headings).toEqual(sections.map((s) => s.id));
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

    it('states every constant', async () => {
      const { page, context } = await openPage(live.browser);
      await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      for (const p of phrases) expect([p, text.includes(p)]).toEqual([p, true]);
      await context.close();
    });

    it('jumps to a section from the contents, clear of the navbar', async () => {
      const { page, context } = await openPage(live.browser, { width: 1280 });
      await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
      const last = sections[sections.length - 2]!;
      await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: last.title }).click();
      await page.waitForFunction((id) => location.hash === `#${id}`, last.id);
      const top = await page.locator(`[id="${last.id}"]`).evaluate((el) => el.getBoundingClientRect().top);
      const navbar = await page.locator('nav.navbar').evaluate((el) => el.getBoundingClientRect().height);
      expect(top).toBeGreaterThanOrEqual(navbar - 1);
      expect(top).toBeLessThan(400);
      // The contents stay in view on desktop.
      const tocTop = await page.getByRole('navigation', { name: 'Contents' }).evaluate((el) => el.getBoundingClientRect().top);
      expect(tocTop).toBeGreaterThanOrEqual(0);
      await context.close();
    });

    it.each(LOOKS)('looks right at $name', async (look) => {
      const { page, context, consoleErrors } = await openPage(live.browser, { width: look.width, colorScheme: look.colorScheme });
      await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await screenshot(page, `${route.slice(1)}-${look.name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });
  });
});
