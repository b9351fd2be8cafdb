import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from 'playwright-core';
import { hydrated, LOOKS, openPage, screenshot } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';
import { AXE_TAGS, liveCard, openTryIt, send } from '../_lib/tryIt';
import { SANDBOX_KEY_STORAGE_PREFIX } from '@site/src/data/tryIt';

jest.setTimeout(180_000);

/** The curl command shown under the panel, line by line as the code block renders it. */
async function shownCurl(panel: Locator): Promise<string> {
  await panel.getByText('The same request for a terminal').click();
  return (await panel.locator('details .token-line').allTextContents()).join('\n');
}

/** Runs the copied command in a real shell, as a reader would paste it; returns the HTTP status curl saw. */
function runCurl(command: string): { status: number; body: string } {
  const out = execFileSync('bash', ['-c', `${command} -s -w '\\n%{http_code}'`], { encoding: 'utf8', timeout: 30_000 });
  const lines = out.trimEnd().split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

describe('Try it in the API reference (Chromium, live sandbox)', () => {
  const live = useLiveSite();

  it('opens on an endpoint, sends the documented example and shows the answer; Copy as curl repeats it in a terminal', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`${live.server.url}/api-docs/business`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const panel = await openTryIt(page, 'listTransactions');
    // Pre-filled from the documented example.
    await expect(panel.getByLabel('limit').inputValue()).resolves.toBe('50');

    const first = await send(panel);
    expect(first.status).toMatch(/^200\b/);
    expect(first.requestId).not.toBe('');
    await expect(panel.getByTestId('try-it-answer').getAttribute('aria-live')).resolves.toBe('polite');
    await expect(panel.getByTestId('try-it-answer').textContent()).resolves.toMatch(/ratelimit/i);
    const key = (await panel.getByTestId('try-it-key').textContent()) ?? '';
    expect(key).toMatch(/^sk_test_/);

    await panel.getByRole('button', { name: 'Copy as curl' }).click();
    await panel.getByText('Copied!').waitFor();
    // Copying is not a new request: the answer stays on screen.
    await expect(panel.getByTestId('try-it-status').textContent()).resolves.toBe(first.status);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`${live.server.url}/sandbox/v1/banking/transactions?`);
    expect(copied).toContain(`Authorization: Bearer ${key}`);
    // The text shown under the panel is the same command.
    await expect(shownCurl(panel)).resolves.toBe(copied);

    const viaCurl = runCurl(copied);
    expect(viaCurl.status).toBe(Number(first.status.split(' ')[0]));
    expect(JSON.parse(viaCurl.body)).toHaveProperty('data');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a starter key to a dimmed (Upgrade Required) call and shows the 403 it gets, in the browser and in curl', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/api-docs/starter`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const card = await liveCard(page, 'createBankAccount');
    await expect(card.getAttribute('data-available')).resolves.toBe('false');
    const panel = await openTryIt(page, 'createBankAccount');
    const answer = await send(panel);
    expect(answer.status).toMatch(/^403\b/);
    const body = (await panel.getByTestId('try-it-answer').locator('pre').innerText()) ?? '';
    expect(JSON.parse(body)).toMatchObject({ error: { type: 'permission_error', request_id: answer.requestId } });
    const stored = await page.evaluate((name) => localStorage.getItem(name), `${SANDBOX_KEY_STORAGE_PREFIX}starter`);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ plan: 'starter' });

    expect(runCurl(await shownCurl(panel)).status).toBe(403);
    expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    await context.close();
  });

  it('lets the reader pick the key plan on /api-docs: a starter key is refused an enterprise-only call, an enterprise key is answered', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/api-docs`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const panel = await openTryIt(page, 'getWhiteLabelConfig');
    await panel.getByLabel('Plan of the test key').selectOption('starter');
    expect((await send(panel)).status).toMatch(/^403\b/);
    await panel.getByLabel('Plan of the test key').selectOption('enterprise');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForFunction((el) => /^200\b/.test(el?.textContent ?? ''), await panel.getByTestId('try-it-status').elementHandle());
    await context.close();
  });

  it('works from the keyboard alone, and axe finds nothing wrong with the open panel (light and dark)', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openPage(live.browser, { colorScheme });
      await page.goto(`${live.server.url}/api-docs/enterprise`, { waitUntil: 'networkidle' });
      await hydrated(page);
      const card = await liveCard(page, 'createPayment');
      // Reach the control as the keyboard does: focus, then Enter (no mouse).
      await card.getByRole('button', { name: 'Try it' }).focus();
      await page.keyboard.press('Enter');
      const panel = card.getByTestId('try-it-panel');
      await panel.waitFor();
      await expect(card.getByRole('button', { name: 'Hide Try it' }).getAttribute('aria-expanded')).resolves.toBe('true');
      // Tab through the fields to Send, then Enter.
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement?.textContent === 'Send')) break;
      }
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send');
      await page.keyboard.press('Enter');
      await panel.getByTestId('try-it-status').waitFor();
      expect(await panel.getByTestId('try-it-status').textContent()).toMatch(/^201\b/);

      const result = await new AxeBuilder({ page }).include('[data-testid="try-it-panel"]').withTags(AXE_TAGS).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    }
  });

  it('looks right at 1280 and 360 px, light and dark (screenshots)', async () => {
    for (const look of LOOKS) {
      const { page, context } = await openPage(live.browser, { width: look.width, colorScheme: look.colorScheme });
      await page.goto(`${live.server.url}/api-docs/starter`, { waitUntil: 'networkidle' });
      await hydrated(page);
      const panel = await openTryIt(page, 'createPayment');
      await send(panel);
      await panel.getByText('The same request for a terminal').click();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect([look.name, overflow]).toEqual([look.name, 0]);
      await panel.screenshot({ path: (await screenshot(page, `try-it-${look.name}`)).replace(/\.png$/, '-panel.png') });
      await context.close();
    }
  });
});

describe('/success offers a sandbox key', () => {
  const live = useLiveSite();

  it('shows a key for the plan bought with its expiry, copies it, and the plan reference it opens uses that key', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    // The page's own timers (countdown, 3 s redirect) run on a clock the test holds, so reading the key takes no race.
    await page.clock.install();
    await page.goto(`${live.server.url}/success?plan=business`);
    await page.getByTestId('plan-label').getByText('Business Plan').waitFor();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 100));
    const offer = page.getByTestId('sandbox-offer');
    await offer.getByRole('button', { name: 'Get a sandbox key' }).click();
    const key = (await offer.getByTestId('sandbox-key').textContent()) ?? '';
    expect(key).toMatch(/^sk_test_/);
    await expect(offer.textContent()).resolves.toMatch(/Expires /);
    await offer.getByRole('button', { name: 'Copy key' }).click();
    await offer.getByText('Copied!').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(key);
    await expect(offer.getByRole('link', { name: /API reference/ }).getAttribute('href')).resolves.toBe('/api-docs/business');
    for (const look of LOOKS) {
      await page.setViewportSize({ width: look.width, height: 900 });
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await screenshot(page, `success-sandbox-${look.name}`);
    }

    // The spec's redirect still happens; the reference it opens already holds the key.
    await page.clock.resume();
    await page.clock.fastForward(3_000);
    await page.waitForURL((u) => u.pathname === '/api-docs/business');
    const panel = await openTryIt(page, 'listBankAccounts');
    await expect(panel.getByTestId('try-it-key').textContent()).resolves.toBe(key);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
