import type { Page } from 'playwright-core';
import { hydrated, openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';
import { AA_NORMAL_TEXT, contrastRatio, rgbToHex } from '@site/src/lib/contrast';

jest.setTimeout(60_000);

const LONG_QUERY = 'webhook retry attempts per plan and signature verification in node';

/** "rgb(1, 2, 3)" -> "#010203". */
const toHex = (css: string): string => rgbToHex(css.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number]);

const box = (page: Page) => page.getByRole('combobox', { name: 'Search the site' });
const options = (page: Page) => page.locator('[role="listbox"] [role="option"]');

describe('site search in Chromium', () => {
  const live = useLiveSite();

  it('loads nothing at start-up; "/" opens it, arrows move, Enter opens the result, Escape closes', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    const fetched: string[] = [];
    page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
    await page.goto(`${live.server.url}/documentation`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(fetched.filter((p) => p.startsWith('/search-'))).toEqual([]);

    await page.keyboard.press('/');
    await expect(box(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type('verify webhook signature');
    await options(page).first().waitFor();
    expect(fetched).toEqual(expect.arrayContaining(['/search-titles.json', '/search-texts.json']));
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('true');
    // Screen readers hear how many results there are.
    const count = await options(page).count();
    await expect(page.getByRole('status').filter({ hasText: /results?$/ }).textContent()).resolves.toBe(`${count} result${count === 1 ? '' : 's'}`);
    // Titled "Page › Section", the words asked marked.
    await expect(options(page).first().textContent()).resolves.toMatch(/ › /);
    expect(await options(page).first().locator('mark').count()).toBeGreaterThan(0);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = options(page).nth(1);
    await expect(second.getAttribute('aria-selected')).resolves.toBe('true');
    await expect(box(page).getAttribute('aria-activedescendant')).resolves.toBe(await second.getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    await expect(options(page).first().getAttribute('aria-selected')).resolves.toBe('true');
    const target = new URL((await options(page).first().getAttribute('href'))!, live.server.url);
    const before = { path: new URL(page.url()).pathname, h1: await page.locator('h1').first().textContent() };
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === target.pathname && u.hash === target.hash);
    // The URL changes before the route's chunk loads and renders; Docusaurus then resets focus
    // (SkipToContent) on a new page. Wait for that render before pressing the next shortcut.
    if (target.pathname !== before.path) await page.waitForFunction((h1) => document.querySelector('h1')?.textContent !== h1, before.h1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false');

    // Ctrl+K opens it again; Escape closes it.
    await page.keyboard.press('Control+k');
    await expect(box(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type('sandbox');
    await options(page).first().waitFor();
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(options(page).first().isVisible()).resolves.toBe(false);
    await expect(box(page).getAttribute('aria-expanded')).resolves.toBe('false');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('"/" typed into a form field stays in the field', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/support`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const subject = page.getByLabel('Subject');
    await subject.click();
    await page.keyboard.type('a/b');
    await expect(subject.inputValue()).resolves.toBe('a/b');
    await expect(box(page).evaluate((el) => el === document.activeElement)).resolves.toBe(false);
    await context.close();
  });

  it.each([390, 360])('at %i px the open box is full width and typing never widens the page', async (width) => {
    const { page, context } = await openPage(live.browser, { width, height: 760 });
    await page.goto(`${live.server.url}/documentation`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await box(page).click();
    const widths: number[] = [];
    for (const ch of LONG_QUERY) {
      await page.keyboard.type(ch);
      widths.push(await page.evaluate(() => document.documentElement.scrollWidth));
    }
    expect(Math.max(...widths)).toBe(width);
    const input = (await box(page).boundingBox())!;
    expect(input.width).toBeGreaterThan(width * 0.6);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('n');
    await options(page).first().waitFor();
    // Results fit the screen: no result runs off its right edge.
    const rights = await options(page).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(Math.max(...rights)).toBeLessThanOrEqual(width);
    await context.close();
  });

  it.each(['light', 'dark'] as const)('in %s mode the selected result and the marked words are legible', async (colorScheme) => {
    const { page, context } = await openPage(live.browser, { colorScheme });
    await page.goto(`${live.server.url}/documentation`, { waitUntil: 'networkidle' });
    await box(page).click();
    await box(page).fill('rate limit');
    await options(page).first().waitFor();
    await page.keyboard.press('ArrowDown');
    const selected = page.locator('[role="option"][aria-selected="true"]');
    const colors = await selected.evaluate((el) => {
      const mark = el.querySelector('mark') ?? el;
      return { fg: getComputedStyle(mark.parentElement!).color, bg: getComputedStyle(el).backgroundColor };
    });
    expect(contrastRatio(toHex(colors.fg), toHex(colors.bg))).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    // No URL twice.
    const hrefs = await options(page).evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    await context.close();
  });
});
