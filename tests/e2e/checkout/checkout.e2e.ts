import path from 'node:path';
import Database from 'better-sqlite3';
import { openPage, screenshot } from '../_lib/browser';
import { SETUP_PASSWORD } from '../_lib/server';
import { PLANS } from '@site/src/data/plans';
import { TIMINGS } from '@site/src/data/timings';
import { useLiveSite } from '../_lib/suite';
import { measureColors } from '../_lib/colors';
import { hexToRgb } from '@site/src/lib/contrast';

jest.setTimeout(120_000);

/** A prospect picks each plan on the landing page, pays (demo) and lands in the docs. */
describe('checkout in Chromium', () => {
  const live = useLiveSite();

  const names: Record<string, string> = {
    starter: 'Ada Lovelace',
    business: 'Zoë Ñúñez <b>& Co</b>',
    enterprise: 'Grace Hopper',
  };

  it.each(PLANS.map((p) => [p.id, p] as const))('%s: choose, submit, processing, /success with plan and name, docs 3 s later', async (planId, plan) => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `Choose Plan: ${plan.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your subscription' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(`$${plan.price}/month`);
    await expect(dialog.textContent()).resolves.toMatch(/Demo payment system/);
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Email Address').inputValue()).resolves.toBe('');
    await page.getByLabel('Full Name').fill(names[planId]!);
    await page.getByLabel('Email Address').fill(`${planId}@example.com`);
    if (planId === 'business') await screenshot(page, 'checkout-modal-filled-1280-light');
    await dialog.getByRole('button', { name: /Complete Purchase/ }).click();

    await page.getByText('Processing payment... Please wait.').waitFor();
    const processingAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/success');
    const arrivedAt = Date.now();
    // Two seconds from the processing message to /success (with slack for a busy machine).
    expect(arrivedAt - processingAt).toBeGreaterThanOrEqual(TIMINGS.checkoutRedirectMs - 300);
    expect(arrivedAt - processingAt).toBeLessThan(TIMINGS.checkoutRedirectMs + 2500);

    const url = new URL(page.url());
    expect(url.searchParams.get('plan')).toBe(planId);
    expect(url.searchParams.get('name')).toBe(names[planId]);
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    // The label stays invisible (its slot reserved) until the page has read the query string.
    await page.getByTestId('plan-label').waitFor({ state: 'visible' });
    await expect(page.getByTestId('plan-label').textContent()).resolves.toContain(`${plan.name} Plan`);
    await expect(page.getByTestId('welcome').textContent()).resolves.toContain(names[planId]);
    await expect(page.locator('main b').count()).resolves.toBe(0);
    await page.getByText(SETUP_PASSWORD).waitFor();

    await page.waitForURL((u) => u.pathname === `/api-docs/${planId}`, { timeout: 10_000 });
    const redirectedAfter = Date.now() - arrivedAt;
    expect(redirectedAfter).toBeGreaterThanOrEqual(TIMINGS.successRedirectMs - 500);
    expect(redirectedAfter).toBeLessThan(TIMINGS.successRedirectMs + 2500);

    const db = new Database(path.join(live.server.dataDir, 'platform.db'), { readonly: true });
    const order = db.prepare('SELECT * FROM checkout_orders WHERE id = ?').get(url.searchParams.get('order')) as Record<string, unknown>;
    db.close();
    expect(order).toMatchObject({ plan_id: planId, amount_cents: plan.price * 100, customer_name: names[planId], status: 'paid', provider: 'demo' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the server error and keeps the form open; Escape closes and focus returns to Choose Plan', async () => {
    const { page, context } = await openPage(live.browser, { width: 360 });
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    const choose = page.getByRole('button', { name: 'Choose Plan: Starter' });
    await choose.click();
    const dialog = page.getByRole('dialog');
    await page.getByLabel('Full Name').fill('Ada');
    await page.getByLabel('Email Address').fill('ada@example');
    await dialog.getByRole('button', { name: /Complete Purchase/ }).click();
    await expect(dialog.getByRole('alert').first().textContent()).resolves.toBe('Please enter a valid email address');
    // The server says the same thing when the browser's check is bypassed.
    const res = await page.request.post(`${live.server.url}/api/checkout`, { data: { planId: 'starter', customerName: 'Ada', customerEmail: 'ada@example' } });
    expect(res.status()).toBe(400);
    await screenshot(page, 'checkout-modal-error-360-light');
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect(choose.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await context.close();
  });

  it('keeps Tab inside the open dialog: the page behind is inert', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Choose Plan: Business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete your subscription' });
    await dialog.waitFor();
    // Focus starts on the dialog itself; Tab then reaches Close first.
    await expect(dialog.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // Where focus is: in the dialog, on the page behind it, or nowhere in the page (Chromium
    // lets Tab pass through its own UI between the last and the first control of a modal).
    const focused = async () =>
      page.evaluate(() => {
        const el = document.activeElement;
        const where = !el || el === document.body ? 'browser' : el.closest('dialog[open]') ? 'dialog' : 'page';
        return { where, name: el?.getAttribute('aria-label') || el?.id || el?.tagName || '' };
      });
    const seen: { where: string; name: string }[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    expect(seen[0]).toEqual({ where: 'dialog', name: 'Close checkout' });
    expect(seen.filter((f) => f.where === 'page')).toEqual([]);
    // Past the last control (Close, name, email, submit) focus comes round to Close again.
    expect(seen.filter((f) => f.name === 'Close checkout').length).toBeGreaterThan(1);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focused()).not.toMatchObject({ where: 'page' });
    }
    await context.close();
  });

  it('shows the network message when the API cannot be reached', async () => {
    const { page, context } = await openPage(live.browser, { colorScheme: 'dark' });
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    await page.route('**/api/checkout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Choose Plan: Enterprise' }).click();
    await page.getByLabel('Full Name').fill('Grace');
    await page.getByLabel('Email Address').fill('grace@example.com');
    await page.getByRole('dialog').getByRole('button', { name: /Complete Purchase/ }).click();
    await page.getByRole('dialog').getByText('Network error. Please try again.').waitFor();
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('Grace');
    await screenshot(page, 'checkout-modal-network-error-1280-dark');
    await context.close();
  });

  it.each([
    [1280, 'light'],
    [320, 'dark'],
  ] as const)('keeps its size as errors appear and while processing; calm processing colors; readable demo notice (%i, %s)', async (width, colorScheme) => {
    const { page, context } = await openPage(live.browser, { width, colorScheme });
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    // Hold the redirect target so the processing state can be measured for its whole 2 s.
    await page.route('**/success**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>held</p>' }));
    await page.getByRole('button', { name: 'Choose Plan: Business' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForTimeout(300); // the opening animation
    const height = async () => (await dialog.boundingBox())!.height;
    const top = async () => (await dialog.boundingBox())!.y;
    const initial = { height: await height(), top: await top() };

    await dialog.getByRole('button', { name: /Complete Purchase/ }).click();
    await dialog.getByText('Full name is required').waitFor();
    expect({ height: await height(), top: await top() }).toEqual(initial);

    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill('ada@example.com');
    await dialog.getByRole('button', { name: /Complete Purchase/ }).click();
    const processing = dialog.getByText('Processing payment... Please wait.');
    await processing.waitFor();
    expect({ height: await height(), top: await top() }).toEqual(initial);

    // "Processing" is not a success: no green fill behind it, and its text keeps AA.
    const colors = await measureColors(processing);
    const [r, g, b] = hexToRgb(colors.background);
    expect([colors.background, g > r + 8 && g > b + 8]).toEqual([colors.background, false]);
    expect(colors.ratio).toBeGreaterThanOrEqual(4.5);
    const demo = await measureColors(dialog.getByText(/Demo payment system/));
    expect([demo.text, demo.background, demo.ratio >= 4.5]).toEqual([demo.text, demo.background, true]);
    await context.close();
  });
});
