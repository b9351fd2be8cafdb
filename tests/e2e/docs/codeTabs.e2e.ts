import type { Page } from 'playwright-core';
import { hydrated, openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(90_000);

/**
 * The request samples' language tabs (src/components/CodeTabs, issue 48): our own tabs since the
 * clicked group changes at once and the others follow in a transition. What a reader sees stays
 * as it was with Docusaurus's synced tabs: one choice for every sample, remembered, keyboard.
 */
const selectedLabels = (page: Page): Promise<string[]> =>
  page.locator('[role="tablist"].code-tabs').evaluateAll((lists) =>
    lists.filter((l) => l.isConnected).map((l) => l.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? ''),
  );

/** The code tabs React owns (islands that have come alive), as opposed to server markup. */
/** Scrolls to a card of the section, queried afresh: an island coming alive replaces its element. */
const scrollToCard = (page: Page, which: 'first' | 'last'): Promise<void> =>
  page.evaluate((w) => {
    const cards = document.querySelectorAll('[data-accordion="authentication"] article[data-endpoint][data-available="true"]');
    cards[w === 'first' ? 0 : cards.length - 1]?.scrollIntoView({ block: 'center' });
  }, which);

const liveGroups = (page: Page): Promise<number> =>
  page.locator('[role="tablist"].code-tabs').evaluateAll((lists) => lists.filter((l) => Object.keys(l).some((k) => k.startsWith('__reactFiber'))).length);

describe('code sample tabs', () => {
  const live = useLiveSite();

  it('switches every live sample to the chosen language and remembers the choice', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 1280, height: 800 });
    await page.goto(`${live.server.url}/api-docs/business`, { waitUntil: 'networkidle' });
    await hydrated(page);
    // Two groups alive: open Authentication (three cards with samples) and bring its cards in.
    await page.locator('[data-accordion="authentication"] h2 button').click();
    const cards = page.locator('[data-accordion="authentication"] article[data-endpoint][data-available="true"]');
    await scrollToCard(page, 'last');
    await page.waitForFunction(() => {
      const lists = [...document.querySelectorAll('[data-accordion="authentication"] [role="tablist"].code-tabs')];
      return lists.length >= 2 && lists.every((l) => Object.keys(l).some((k) => k.startsWith('__reactFiber')));
    });
    expect(await liveGroups(page)).toBeGreaterThanOrEqual(2);

    const tab = cards.last().getByRole('tab', { name: 'Python' });
    await tab.scrollIntoViewIfNeeded();
    const before = await tab.evaluate((el) => el.getBoundingClientRect().top);
    await tab.click();
    // The clicked group at once, its panel shown and the others hidden.
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    const panelId = await tab.getAttribute('aria-controls');
    expect(await page.locator(`[id="${panelId}"]`).isHidden()).toBe(false);
    await expect(page.locator(`[id="${panelId}"] code`).first().textContent()).resolves.toContain('import requests');
    // The other live groups follow.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="tablist"].code-tabs')]
        .filter((l) => Object.keys(l).some((k) => k.startsWith('__reactFiber')))
        .every((l) => l.querySelector('[role="tab"][aria-selected="true"]')?.textContent === 'Python'),
    );
    expect(Math.abs((await tab.evaluate((el) => el.getBoundingClientRect().top)) - before)).toBeLessThan(2);

    // Remembered: after a reload a group rendered in the browser shows Python.
    await page.reload({ waitUntil: 'networkidle' });
    await hydrated(page);
    await page.locator('[data-accordion="authentication"] h2 button').click();
    await scrollToCard(page, 'first');
    await page.waitForFunction(() => {
      const list = document.querySelector('[data-accordion="authentication"] [role="tablist"].code-tabs');
      return Boolean(list && Object.keys(list).some((k) => k.startsWith('__reactFiber')));
    });
    expect((await selectedLabels(page)).filter(Boolean)).toContain('Python');
    await expect(cards.first().getByRole('tab', { name: 'Python' }).getAttribute('aria-selected')).resolves.toBe('true');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the clicked tab under the pointer while every group above it follows the choice', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 1280, height: 800 });
    await page.goto(`${live.server.url}/api-docs/business`, { waitUntil: 'networkidle' });
    await hydrated(page);
    // Every section open and every card brought alive: the groups above the clicked one all follow.
    const closed = page.locator('[data-accordion] h2 button[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 700) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(40);
    }
    const groups = page.locator('[role="tablist"].code-tabs');
    await page.waitForFunction(() => [...document.querySelectorAll('[role="tablist"].code-tabs')].every((l) => Object.keys(l).some((k) => k.startsWith('__reactFiber'))));
    const count = await groups.count();
    expect(count).toBeGreaterThan(10);
    const tab = groups.nth(Math.floor(count * 0.7)).getByRole('tab', { name: 'Python' });
    await tab.scrollIntoViewIfNeeded();
    const before = await tab.evaluate((el) => el.getBoundingClientRect().top);
    await tab.click();
    await page.waitForFunction(() => [...document.querySelectorAll('[role="tablist"].code-tabs')].every((l) => l.querySelector('[aria-selected="true"]')?.textContent === 'Python'));
    // Without the anchor, the samples above (Python is longer than cURL) pushed it down by thousands of pixels.
    for (let i = 0; i < 5; i++) {
      expect(Math.abs((await tab.evaluate((el) => el.getBoundingClientRect().top)) - before)).toBeLessThan(2);
      await page.waitForTimeout(100);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('follows the keyboard: arrows move focus along the tabs, Enter and Space choose', async () => {
    const { page, context } = await openPage(live.browser, { width: 1280, height: 800 });
    await page.goto(`${live.server.url}/api-docs`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const card = page.locator('[data-accordion="getting-started"] article[data-endpoint="getCurrentUser"]').first();
    await card.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const list = document.querySelector('[data-accordion="getting-started"] article[data-endpoint="getCurrentUser"] [role="tablist"]');
      return Boolean(list && Object.keys(list).some((k) => k.startsWith('__reactFiber')));
    });
    const tabs = card.getByRole('tab');
    await tabs.first().focus();
    // Only the chosen tab is in the tab order.
    expect(await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('tabindex')))).toEqual(['0', '-1', '-1']);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Node.js');
    // Moving focus alone does not choose.
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Python');
    await page.keyboard.press(' ');
    expect(await tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    expect(await tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('tabindex')))).toEqual(['-1', '-1', '0']);
    await context.close();
  });
});
