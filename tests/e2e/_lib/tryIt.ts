import type { Locator, Page } from 'playwright-core';
import { SANDBOX_KEY_STORAGE_PREFIX } from '@site/src/data/tryIt';

/**
 * The card of an endpoint, opened (its accordion section on /api-docs) and live: the card's
 * island hydrates when it comes into view, and only then does its Try it button answer clicks.
 */
export async function liveCard(page: Page, endpointId: string): Promise<Locator> {
  const card = page.locator(`article[data-endpoint="${endpointId}"]`).last();
  const section = await card.evaluate((el) => el.closest('[data-accordion]')?.getAttribute('data-accordion') ?? null);
  if (section && !(await card.isVisible())) await page.locator(`[data-accordion="${section}"] h2 button`).click();
  // Queried afresh each time: activation replaces the server's element with React's (an island
  // showing code first awaits the code block chunk, so this may happen while the page scrolls).
  await page.evaluate((id) => {
    const cards = document.querySelectorAll(`article[data-endpoint="${id}"]`);
    cards[cards.length - 1]?.scrollIntoView({ block: 'center' });
  }, endpointId);
  await page.waitForFunction((id) => {
    const cards = document.querySelectorAll(`article[data-endpoint="${id}"]`);
    const button = cards[cards.length - 1]?.querySelector('[data-try-it] > button');
    return Boolean(button && Object.keys(button).some((k) => k.startsWith('__reactFiber')));
  }, endpointId);
  return card;
}

export async function openTryIt(page: Page, endpointId: string): Promise<Locator> {
  const card = await liveCard(page, endpointId);
  await card.getByRole('button', { name: 'Try it' }).click();
  const panel = card.getByTestId('try-it-panel');
  await panel.waitFor();
  return panel;
}

export async function send(panel: Locator): Promise<{ status: string; requestId: string }> {
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  const status = panel.getByTestId('try-it-status');
  await status.waitFor();
  return { status: (await status.textContent()) ?? '', requestId: (await panel.getByTestId('try-it-request-id').textContent()) ?? '' };
}

/** The axe rule sets the Try it panel is checked against. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The page's sandbox key for the plan, as the panel stored it. */
export async function pageKey(page: Page, plan: string): Promise<string> {
  const stored = await page.evaluate((name) => localStorage.getItem(name), `${SANDBOX_KEY_STORAGE_PREFIX}${plan}`);
  const key = (JSON.parse(stored ?? '{}') as { key?: string }).key ?? '';
  expect(key).toMatch(/^sk_test_/);
  return key;
}
