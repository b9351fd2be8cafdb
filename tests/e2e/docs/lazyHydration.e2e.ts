import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { hydrated, openPage } from '../_lib/browser';
import { ROOT } from '../_lib/server';
import { useLiveSite } from '../_lib/suite';
import { WEBHOOK_EVENTS } from '../../../src/data/apiReference/events';

jest.setTimeout(60_000);

/** True once React owns the element (it sets its private fiber key on hydrated/rendered nodes). */
function isReactOwned(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
}

/**
 * Text (without the client-only code block buttons) and box height of a card. Whitespace is left
 * out: the server markup writes code as plain text with its newlines, the rendered markup as one
 * highlighted element per line (src/theme/CodeBlock/_plain.tsx).
 */
function snapshot(el: Element): { text: string; height: number } {
  const clone = el.cloneNode(true) as Element;
  for (const b of clone.querySelectorAll('button')) b.remove();
  return { text: (clone.textContent ?? '').replace(/\s+/g, ''), height: Math.round(el.getBoundingClientRect().height) };
}

/** How the card's code is written: Prism's token elements, or plain text. */
const highlighted = (el: Element): boolean => el.querySelector('.theme-code-block .token') !== null;

const lastCard = (page: Page) => page.locator('article[data-endpoint][data-available="true"]').last();

/**
 * Whether the page has run a chunk holding the text. Run, not fetched: Docusaurus prefetches the
 * chunks of the routes that visible links lead to (/api-docs's among them), without running them.
 */
function ran(page: Page, text: string): Promise<boolean> {
  return page.evaluate((needle) => {
    const chunks = (window as unknown as Record<string, [unknown, Record<string, () => void>][]>).webpackChunkledgerline_platform_site ?? [];
    return chunks.some(([, modules]) => Object.values(modules).some((factory) => String(factory).includes(needle)));
  }, text);
}

/**
 * A guide with reference cards in its open content. The plan pages, like /api-docs, open only
 * Getting Started at load; their other sections are closed islands (last test).
 */
const GUIDE = '/documentation/xero-integration';

describe('reference cards hydrate when they come into view (LazyHydrate)', () => {
  const live = useLiveSite();

  it('keeps the server markup of a far card until it is scrolled to, then renders the same markup, live', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 412, height: 800 });
    await page.goto(`${live.server.url}${GUIDE}`, { waitUntil: 'networkidle' });
    const card = lastCard(page);
    const before = await card.evaluate(snapshot);
    // The page is hydrated (navbar toggle is React's) but the far card is still server HTML,
    // its code plain text: no element per token to parse at load.
    await page.waitForFunction(() => Object.keys(document.querySelector('.navbar__toggle') ?? {}).some((k) => k.startsWith('__reactFiber')));
    expect(await isReactOwned(card)).toBe(false);
    expect(await card.evaluate(highlighted)).toBe(false);

    await card.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const cards = document.querySelectorAll('article[data-endpoint][data-available="true"]');
      const el = cards[cards.length - 1];
      return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber')));
    });
    // React rendered what the server sent (plus the client-only code buttons, as hydration would),
    // now highlighted: same text, same box, so activation causes no layout shift.
    expect(await lastCard(page).evaluate(snapshot)).toEqual(before);
    expect(await lastCard(page).evaluate(highlighted)).toBe(true);

    // And it is live: the Python tab of its request samples works.
    const python = lastCard(page).getByRole('tab', { name: 'Python' });
    await python.click();
    expect(await python.getAttribute('aria-selected')).toBe('true');
    await expect(lastCard(page).locator('[role="tabpanel"]:not([hidden]) code').first().textContent()).resolves.toContain('import requests');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows a far card's plain code in the dark theme's box before it renders, as after", async () => {
    const { page, context } = await openPage(live.browser, { width: 412, height: 800, colorScheme: 'dark' });
    await page.goto(`${live.server.url}${GUIDE}`, { waitUntil: 'networkidle' });
    const box = (el: Element) => getComputedStyle(el.querySelector('.theme-code-block')!).backgroundColor;
    expect(await isReactOwned(lastCard(page))).toBe(false);
    const before = await lastCard(page).evaluate(box);
    await lastCard(page).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => Array.from(document.querySelectorAll('article[data-endpoint][data-available="true"]')).pop()?.querySelector('.theme-code-block .token') != null);
    expect(before).toBe(await lastCard(page).evaluate(box));
    await context.close();
  });

  it('gives focus back when the keyboard reaches a card before it is live', async () => {
    const { page, context } = await openPage(live.browser, { width: 412, height: 800 });
    await page.goto(`${live.server.url}${GUIDE}`, { waitUntil: 'networkidle' });
    const card = lastCard(page);
    expect(await isReactOwned(card)).toBe(false);
    // Focus a tab of the far card directly, as a screen reader's element list would.
    await card.locator('[role="tab"]').first().evaluate((el) => (el as HTMLElement).focus());
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'tab' && Object.keys(document.activeElement).some((k) => k.startsWith('__reactFiber')));
    expect(await page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('data-endpoint'))).toBe(await lastCard(page).getAttribute('data-endpoint'));
    await context.close();
  });

  // The click lands on the server markup: before this change it had no handler there, and a
  // press whose button was replaced by the rendered one between pointerdown and pointerup made
  // no click at all.
  it('opens Try it when its button is clicked in the same task as the card starts hydrating', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 412, height: 800 });
    await page.goto(`${live.server.url}${GUIDE}`, { waitUntil: 'networkidle' });
    expect(await isReactOwned(lastCard(page))).toBe(false);
    await page.evaluate(() => {
      const cards = document.querySelectorAll('article[data-endpoint][data-available="true"]');
      const card = cards[cards.length - 1]!;
      card.scrollIntoView();
      card.querySelector<HTMLButtonElement>('[data-try-it] > button')!.click();
    });
    const button = lastCard(page).locator('[data-try-it] > button');
    await page.waitForFunction(() => {
      const cards = document.querySelectorAll('article[data-endpoint][data-available="true"]');
      return Object.keys(cards[cards.length - 1]!).some((k) => k.startsWith('__reactFiber'));
    });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await lastCard(page).locator('[data-try-it] [id]').first().waitFor({ state: 'visible', timeout: 5_000 });
    // The click moved focus where a click on the rendered button would have left it.
    expect(await page.evaluate(() => document.activeElement?.closest('[data-try-it]') !== null)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens Try it when a real mouse presses its button as the card comes into view on a slow phone', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 412, height: 800 });
    await page.goto(`${live.server.url}${GUIDE}`, { waitUntil: 'networkidle' });
    expect(await isReactOwned(lastCard(page))).toBe(false);
    // A slow CPU widens the moment between the card coming into view and React rendering it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const { x, y } = await page.evaluate(() => {
      const cards = document.querySelectorAll('article[data-endpoint][data-available="true"]');
      const card = cards[cards.length - 1]!;
      card.scrollIntoView();
      const r = card.querySelector('[data-try-it] > button')!.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await page.mouse.click(x, y);
    await lastCard(page).locator('[data-try-it] [id]').first().waitFor({ state: 'visible', timeout: 15_000 });
    await expect(lastCard(page).locator('[data-try-it] > button').getAttribute('aria-expanded')).resolves.toBe('true');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('evaluates Prism only when a card showing code comes near, and highlights its code in place, never through a bare fallback', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 412, height: 823 });
    const scripts: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    // The hook name Prism's tokenizer runs, which survives minification.
    const prismLoaded = () => scripts.some((src) => fs.readFileSync(path.join(ROOT, 'build', src), 'utf8').includes('before-tokenize'));
    await page.goto(`${live.server.url}/api-docs`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.waitForTimeout(1000);
    // Every code block of the page sits in a card (an island); the one in the open section is below the first screen.
    const card = page.locator('article[data-endpoint]:has(#first-request-call)');
    expect(prismLoaded()).toBe(false);

    // A Suspense fallback would show the code as a bare <pre> outside the theme's code block (the
    // server markup's plain code keeps the code block's box: src/theme/CodeBlock/_plain.tsx).
    await page.evaluate(() => {
      const w = window as unknown as { plainCode?: boolean };
      w.plainCode = false;
      // The island replaces its server element on activation: watch the page, read the current card.
      new MutationObserver(() => {
        const article = document.querySelector('article[data-endpoint]:has(#first-request-call)');
        if (article && Array.from(article.querySelectorAll('pre')).some((pre) => !pre.closest('.theme-code-block'))) w.plainCode = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await card.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const el = document.querySelector('article[data-endpoint]:has(#first-request-call)');
      return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber')));
    });
    expect(prismLoaded()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { plainCode?: boolean }).plainCode)).toBe(false);
    await expect(page.locator('article[data-endpoint]:has(#first-request-call) .theme-code-block .token-line').count()).resolves.toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('renders a closed /api-docs section when it is opened, with working copy buttons', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`${live.server.url}/api-docs`, { waitUntil: 'networkidle' });
    const panel = page.locator('#errors-panel');
    const firstBlock = panel.locator('pre').first();
    expect(await isReactOwned(firstBlock)).toBe(false);
    await page.locator('[data-accordion="errors"] h2 button').click();
    await page.waitForFunction(() => {
      const pre = document.querySelector('#errors-panel pre');
      return Boolean(pre && Object.keys(pre).some((k) => k.startsWith('__reactFiber')));
    });
    await panel.getByRole('button', { name: /copy/i }).first().click();
    await panel.getByText('Copied!').first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/**
 * A plan page's section cards, with the reference data they show, are a chunk of their own
 * (src/components/ReferenceParts, as on /api-docs): the page starts without it, since its
 * sections are closed at load, and a section fetches it when opened.
 */
describe("a plan page's closed sections load their cards when opened", () => {
  const live = useLiveSite();
  // A text of the reference data only the cards show: an event's description.
  const cardText = WEBHOOK_EVENTS[0]!.description;
  const panel = (page: Page) => page.locator('#banking-panel');
  const openBanking = (page: Page) => page.locator('[data-accordion="banking"] h2 button').click();

  async function openPlanPage(slowCards = false) {
    const opened = await openPage(live.browser, { width: 412, height: 823 });
    // A slow network: the chunk arrives well after the section has opened.
    if (slowCards) await opened.page.route('**/reference-parts.*.js', (route) => setTimeout(() => void route.continue(), 1500));
    await opened.page.goto(`${live.server.url}/api-docs/business`, { waitUntil: 'networkidle' });
    await hydrated(opened.page);
    return { ...opened, cardsLoaded: () => ran(opened.page, cardText) };
  }

  it('starts without the cards and their data, then renders the same cards, live, when a section opens', async () => {
    const { page, context, consoleErrors, cardsLoaded } = await openPlanPage();
    await page.waitForTimeout(500);
    expect(await cardsLoaded()).toBe(false);
    const card = panel(page).locator('article[data-endpoint]').first();
    const before = await card.evaluate(snapshot);
    await openBanking(page);
    await page.waitForFunction(() => {
      const el = document.querySelector('#banking-panel article[data-endpoint]');
      return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber')));
    });
    expect(await cardsLoaded()).toBe(true);
    // The text compared leaves out whitespace and buttons (see snapshot): code becomes highlighted.
    expect((await panel(page).locator('article[data-endpoint]').first().evaluate(snapshot)).text).toBe(before.text);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens Try it when its button is clicked in an opened section before the cards have arrived', async () => {
    const { page, context, consoleErrors } = await openPlanPage(true);
    await openBanking(page);
    const first = () => panel(page).locator('article[data-endpoint][data-available="true"]').first();
    await first().locator('[data-try-it] > button').click();
    await first().locator('[data-try-it] [id]').first().waitFor({ state: 'visible', timeout: 10_000 });
    await expect(first().locator('[data-try-it] > button').getAttribute('aria-expanded')).resolves.toBe('true');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('renders the cards after a client-side navigation to a plan page', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/api-docs`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.evaluate(() => {
      // The router's own navigation, as a link in the page would make it.
      window.history.pushState({}, '', '/api-docs/business#banking');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await panel(page).locator('article[data-endpoint]').first().waitFor({ state: 'visible', timeout: 10_000 });
    await expect(panel(page).locator('article[data-endpoint]').count()).resolves.toBeGreaterThan(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/**
 * /api-docs imports the reference's heavy parts (cards, data tables, samples) through stand-ins
 * (src/components/ReferenceParts): its own chunk holds the prose, and the parts with their data
 * are one chunk that the first island coming alive fetches.
 */
describe("/api-docs loads the reference's parts when the first of them comes alive", () => {
  const live = useLiveSite();
  const cardText = WEBHOOK_EVENTS[0]!.description;
  const firstCall = (page: Page) => page.locator('article[data-endpoint]:has(#first-request-call)');

  async function openReference(slowParts = false) {
    // Phone height: the Getting Started card starts below the first screen and a half.
    const opened = await openPage(live.browser, { width: 412, height: 500 });
    if (slowParts) await opened.page.route('**/reference-parts.*.js', (route) => setTimeout(() => void route.continue(), 1500));
    await opened.page.goto(`${live.server.url}/api-docs`, { waitUntil: 'networkidle' });
    await hydrated(opened.page);
    return opened;
  }

  it('starts without the parts and their data, then renders the same parts, live, when they are reached', async () => {
    const { page, context, consoleErrors } = await openReference();
    await page.waitForTimeout(500);
    expect(await ran(page, cardText)).toBe(false);
    expect(await isReactOwned(firstCall(page))).toBe(false);

    // The open section's card: scrolled to, it renders what the server sent.
    const before = await firstCall(page).evaluate(snapshot);
    await firstCall(page).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const el = document.querySelector('article[data-endpoint]:has(#first-request-call)');
      return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber')));
    });
    expect((await firstCall(page).evaluate(snapshot)).text).toBe(before.text);
    expect(await ran(page, cardText)).toBe(true);

    // A closed section's event cards, opened: the same text, live.
    const events = page.locator('#webhooks-panel article[data-event]');
    const eventsBefore = await events.first().evaluate(snapshot);
    await page.locator('[data-accordion="webhooks"] h2 button').click();
    await page.waitForFunction(() => {
      const el = document.querySelector('#webhooks-panel article[data-event]');
      return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactFiber')));
    });
    expect((await events.first().evaluate(snapshot)).text).toBe(eventsBefore.text);
    await expect(events.count()).resolves.toBe(WEBHOOK_EVENTS.length);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("opens Try it when the first call's button is clicked before the parts have arrived", async () => {
    const { page, context, consoleErrors } = await openReference(true);
    await firstCall(page).locator('[data-try-it] > button').click();
    await firstCall(page).locator('[data-try-it] [id]').first().waitFor({ state: 'visible', timeout: 10_000 });
    await expect(firstCall(page).locator('[data-try-it] > button').getAttribute('aria-expanded')).resolves.toBe('true');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the server HTML when the parts cannot be fetched, and renders them on the next click once they can', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 412, height: 823 });
    let offline = true;
    await page.route('**/reference-parts.*.js', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${live.server.url}/api-docs`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.locator('[data-accordion="webhooks"] h2 button').click();
    const panel = page.locator('#webhooks-panel');
    const card = () => panel.locator('article[data-endpoint][data-available="true"]').first();
    await card().waitFor({ state: 'visible' });
    await page.waitForTimeout(1000);
    // The section shows its server cards, not an error page, and the page still works.
    await expect(panel.locator('article[data-event]').count()).resolves.toBe(WEBHOOK_EVENTS.length);
    expect(await isReactOwned(card())).toBe(false);
    await expect(page.getByText('This page crashed').count()).resolves.toBe(0);
    await page.locator('[data-accordion="errors"] h2 button').click();
    await expect(page.locator('[data-accordion="errors"] h2 button').getAttribute('aria-expanded')).resolves.toBe('true');

    // Back online: a click on Try it fetches the parts, renders the card and opens the console.
    offline = false;
    await card().locator('[data-try-it] > button').click();
    await card().locator('[data-try-it] [id]').first().waitFor({ state: 'visible', timeout: 10_000 });
    await expect(card().locator('[data-try-it] > button').getAttribute('aria-expanded')).resolves.toBe('true');
    // Only the refused fetches were reported, no script error.
    expect(consoleErrors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await context.close();
  });

  it('renders the parts after a client-side navigation to /api-docs', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/documentation`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/api-docs#webhooks');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('#webhooks-panel article[data-event]').first().waitFor({ state: 'visible', timeout: 10_000 });
    await expect(page.locator('#webhooks-panel article[data-event]').count()).resolves.toBe(WEBHOOK_EVENTS.length);
    await expect(page.locator('#getting-started-panel article[data-endpoint]').count()).resolves.toBe(1);
    await expect(page.locator('[aria-busy="true"]').count()).resolves.toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
