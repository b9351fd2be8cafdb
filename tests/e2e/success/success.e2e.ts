import { LOOKS, openPage, screenshot } from '../_lib/browser';
import { SETUP_PASSWORD } from '../_lib/server';
import { EXTERNAL_LINKS } from '@site/src/data/site';
import { TIMINGS } from '@site/src/data/timings';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(120_000);

describe('/success in Chromium', () => {
  const live = useLiveSite();

  it('defaults to the starter plan without a welcome line, and counts down from 10', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/success`);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    await page.getByText('Starter Plan').waitFor();
    await expect(page.getByTestId('welcome').textContent()).resolves.toBe('');
    const first = Number(await page.getByTestId('countdown').textContent());
    expect(first).toBeGreaterThanOrEqual(TIMINGS.countdownStartSeconds - 1);
    await page.waitForTimeout(1100);
    expect(Number(await page.getByTestId('countdown').textContent())).toBeLessThan(first);
    await expect(page.getByRole('link', { name: 'View Your API Documentation' }).getAttribute('href')).resolves.toBe('/api-docs/starter');
    await expect(page.getByRole('link', { name: 'Continue to Account Setup' }).getAttribute('href')).resolves.toBe(EXTERNAL_LINKS.authFlow);
    await page.getByText(SETUP_PASSWORD).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows markup and non-ASCII in the name as text, and survives a malformed escape', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/success?plan=enterprise&name=${encodeURIComponent('<img src=x onerror="window.pwned=1">山田 Zoë')}`);
    await page.getByText('Enterprise Plan').waitFor();
    await expect(page.getByTestId('welcome').textContent()).resolves.toContain('<img src=x onerror="window.pwned=1">山田 Zoë');
    await expect(page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).resolves.toBeUndefined();
    await page.goto(`${live.server.url}/success?plan=business&name=100%25%20sure%20%E0%A4%A`);
    await page.getByText('Business Plan').waitFor();
    await expect(page.getByTestId('welcome').textContent()).resolves.toContain('100% sure');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('offers no docs link before the query is read, so an early click cannot open the wrong plan', async () => {
    // Without JavaScript the page stays as prerendered: the moment before the script reads ?plan=.
    const context = await live.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${live.server.url}/success?plan=enterprise`);
    const early = page.getByRole('link', { name: 'View Your API Documentation' });
    await expect(early.getAttribute('href')).resolves.toBeNull();
    await early.click({ force: true });
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/success');
    await context.close();

    const { page: live2, context: ctx2 } = await openPage(live.browser);
    await live2.goto(`${live.server.url}/success?plan=enterprise`);
    await live2.getByText('Enterprise Plan').waitFor();
    await expect(live2.getByRole('link', { name: 'View Your API Documentation' }).getAttribute('href')).resolves.toBe('/api-docs/enterprise');
    await ctx2.close();
  });

  it('goes to the plan docs after 3 s and, having left, never runs the 10 s auth redirect', async () => {
    const { page, context } = await openPage(live.browser);
    let authHits = 0;
    await page.route(`${new URL(EXTERNAL_LINKS.authFlow).origin}/**`, (route) => {
      authHits += 1;
      return route.fulfill({ status: 200, body: 'auth' });
    });
    await page.goto(`${live.server.url}/success?plan=business&name=Ada`);
    await page.getByText('Business Plan').waitFor();
    await page.waitForURL((u) => u.pathname === '/api-docs/business', { timeout: 8_000 });
    await page.waitForTimeout(TIMINGS.authRedirectMs - TIMINGS.successRedirectMs + 1500);
    expect(new URL(page.url()).pathname).toBe('/api-docs/business');
    expect(authHits).toBe(0);
    await context.close();
  });

  it.each(LOOKS)('looks right at $name', async (look) => {
    const { page, context } = await openPage(live.browser, { width: look.width, colorScheme: look.colorScheme });
    await page.goto(`${live.server.url}/success?plan=business&name=Ada%20Lovelace&order=ord_019bc1f2a400a1b2c3d4e5f6`);
    await page.getByText(SETUP_PASSWORD).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `success-${look.name}`);
    await context.close();
  });
});
