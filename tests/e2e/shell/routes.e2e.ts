import { openPage } from '../_lib/browser';
import { ADMIN } from '../_lib/server';
import { PLAN_IDS } from '@site/src/data/plans';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { useLiveSite } from '../_lib/suite';

// The route table of the spec, section 2.
const ROUTES = ['/', '/documentation', '/api-docs', ...PLAN_IDS.map((p) => `/api-docs/${p}`), '/success', '/blog', '/privacy', '/terms', '/support', '/white-label'];

describe('site shell in Chromium', () => {
  const live = useLiveSite();

  it.each(ROUTES)('%s loads with the navigation and no console errors', async (route) => {
    const { page, consoleErrors, context } = await openPage(live.browser, { httpCredentials: ADMIN });
    const res = await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    const nav = page.locator('nav.navbar');
    for (const href of ['/#services', '/#features', '/#pricing', '/#contact', '/support', '/documentation', '/api-docs', '/white-label']) {
      await expect(nav.locator(`a[href="${href}"]`).count()).resolves.toBeGreaterThan(0);
    }
    await expect(nav.locator(`a[href="${EXTERNAL_LINKS.authFlow}"]`).first().textContent()).resolves.toContain('Get Started');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('has every footer link of the spec, and each internal one resolves', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(live.server.url + '/', { waitUntil: 'networkidle' });
    const hrefs = await page.locator('footer a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of ['/api-docs#banking', '/api-docs#xero', '/documentation#security', '/documentation#white-label', '/api-docs/starter', '/api-docs/business', '/api-docs/enterprise', '/privacy', '/terms', EXTERNAL_LINKS.helpCenter]) {
      expect(hrefs).toContain(href);
    }
    for (const href of hrefs.filter((h) => h.startsWith('/'))) {
      const res = await page.request.get(live.server.url + href.split('#')[0]);
      expect([href, res.status()]).toEqual([href, 200]);
    }
    await context.close();
  });

  it('shows an unknown plan id with the fallback page, and unknown routes as 404', async () => {
    const { page, context } = await openPage(live.browser);
    expect((await page.goto(live.server.url + '/api-docs/platinum'))?.status()).toBe(200);
    expect((await page.goto(live.server.url + '/no-such-page'))?.status()).toBe(404);
    await context.close();
  });

  it('asks for admin credentials on /white-label', async () => {
    const { page, context } = await openPage(live.browser);
    // A navigation would show the browser's credential prompt; the request API sees the 401 itself.
    const res = await page.request.get(live.server.url + '/white-label');
    expect(res.status()).toBe(401);
    expect(res.headers()['www-authenticate']).toMatch(/^Basic/);
    await context.close();
  });
});
