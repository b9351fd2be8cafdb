/**
 * Issue 47, end to end: the Try it panel's Test clock advances the page key's clock and shows the
 * events a settlement produced; the "Testing over time" guide renders its rules and samples.
 */
import AxeBuilder from '@axe-core/playwright';
import { SETTLEMENT_DELAY_DAYS } from '@site/src/data/sandboxTime';
import { TRY_IT_CLOCK_COPY as COPY } from '@site/src/data/tryItClock';
import { hydrated, openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';
import { AXE_TAGS, openTryIt, send } from '../_lib/tryIt';

jest.setTimeout(180_000);

describe('the sandbox test clock in the docs (Chromium, live sandbox)', () => {
  const live = useLiveSite();

  it('advances the page key\'s clock from Try it and lists the settlement\'s events', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/api-docs/starter`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const panel = await openTryIt(page, 'createTransaction');
    expect((await send(panel)).status).toMatch(/^201\b/);
    await panel.getByRole('button', { name: COPY.toggle }).click();
    const time = panel.getByTestId('clock-time');
    await time.waitFor();
    const before = Date.parse((await time.textContent()) ?? '');
    await panel.getByRole('button', { name: `+${SETTLEMENT_DELAY_DAYS} days (settlement)` }).click();
    await panel.getByTestId('clock-events').waitFor();
    await expect(time.textContent()).resolves.toBe(new Date(before + SETTLEMENT_DELAY_DAYS * 86_400_000).toISOString().replace('.000Z', 'Z'));
    await expect(panel.getByTestId('clock-events').textContent()).resolves.toContain('transaction.completed');
    const axe = await new AxeBuilder({ page }).include('[data-testid="test-clock"]').withTags(AXE_TAGS).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('renders the Testing over time guide with its rules, calls and samples', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    const res = await page.goto(`${live.server.url}/documentation/testing-over-time`, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Testing over time');
    for (const name of ['Sandbox transitions', 'Sandbox-only calls', 'Test clock errors']) await expect(page.getByRole('table', { name }).count()).resolves.toBe(1);
    await expect(page.locator('main').textContent()).resolves.toContain('/test_clock/advance');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
