/**
 * Issue 26, end to end: a request sent with curl from a terminal, with the page's test key,
 * shows in the Try it panel's "Recent requests", and Replay sends it again. The log view is a
 * chunk of its own: neither the page nor the opened panel fetches it, only expanding it does.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { API_VERSION, SAMPLE_IDS } from '@site/src/data/apiReference';
import { SANDBOX_BASE_PATH } from '@site/src/data/sandbox';
import { RECENT_REQUESTS_COPY as COPY } from '@site/src/data/tryItRecentRequests';
import { hydrated, LOOKS, openPage, screenshot } from '../_lib/browser';
import { ROOT } from '../_lib/server';
import { useLiveSite } from '../_lib/suite';
import { AXE_TAGS, openTryIt, pageKey, send } from '../_lib/tryIt';

jest.setTimeout(180_000);

const run = promisify(execFile);
/** The log view's chunk, by the name the Try it panel gives it. */
const RECENT_CHUNK = /\/try-it-recent\.[0-9a-f]+\.js$/;
const TERMINAL_PATH = `${SANDBOX_BASE_PATH}/banking/accounts`;
const TERMINAL_QUERY = `starting_after=${SAMPLE_IDS.account}`;
/** How the list shows the terminal's request (or its replay) with status 200: method, path and query, status, then time. */
const TERMINAL_ENTRY = new RegExp(`^GET${`${TERMINAL_PATH}?${TERMINAL_QUERY}`.replace(/[/?]/g, '\\$&')}200`);

/** Paths of the scripts the page requested so far. */
function scriptsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') paths.push(new URL(req.url()).pathname);
  });
  return paths;
}

/** Whether any of these scripts (as built) carries the log view's code or texts. */
const carriesRecent = (scripts: string[]) =>
  scripts.filter((src) => RECENT_CHUNK.test(src) || fs.readFileSync(path.join(ROOT, 'build', src), 'utf8').includes(COPY.listLabel));

/** A terminal's request: real curl, the page's key, the documented headers; the status and body it got. */
async function curl(base: string, key: string, query: string): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['-s', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${key}`, '-H', `X-API-Version: ${API_VERSION}`, `${base}${TERMINAL_PATH}?${query}`], {
    timeout: 30_000,
  });
  const lines = stdout.split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

const entries = (panel: Locator) => panel.getByRole('list', { name: COPY.listLabel }).getByRole('button');

async function expandRecent(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: COPY.toggle }).click();
  await entries(panel).first().waitFor();
}

describe('Recent requests in the Try it panel (Chromium, live sandbox, curl)', () => {
  const live = useLiveSite();

  it('shows a request sent with curl with the page key, and Replay sends it again; the view loads only when expanded', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    const scripts = scriptsOf(page);
    await page.goto(`${live.server.url}/api-docs/business`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(carriesRecent(scripts)).toEqual([]);

    const panel = await openTryIt(page, 'listTransactions');
    expect((await send(panel)).status).toMatch(/^200\b/);
    // The open panel does not fetch the log view's code either (its texts come with the panel's chunk).
    expect(scripts.filter((src) => RECENT_CHUNK.test(src))).toEqual([]);

    const chunk = page.waitForRequest((req) => RECENT_CHUNK.test(new URL(req.url()).pathname));
    await expandRecent(panel);
    await chunk;
    // The panel's own Send is there already.
    await expect(entries(panel).first().textContent()).resolves.toContain(`${SANDBOX_BASE_PATH}/banking/transactions?`);

    const key = await pageKey(page, 'business');
    const viaCurl = await curl(live.server.url, key, TERMINAL_QUERY);
    expect([viaCurl.status, viaCurl.body]).toEqual([200, expect.stringContaining('"data"')]);
    await panel.getByRole('button', { name: COPY.refresh }).click();
    await page.waitForFunction(
      ({ path }) => document.querySelector('[data-testid="recent-list"] button')?.textContent?.includes(path) ?? false,
      { path: `${TERMINAL_PATH}?${TERMINAL_QUERY}` },
    );
    const fromTerminal = entries(panel).first();
    await expect(fromTerminal.textContent()).resolves.toMatch(TERMINAL_ENTRY);
    await fromTerminal.click();
    const detail = panel.getByTestId('recent-detail');
    // It is the terminal's: curl's own user agent, and the key redacted.
    await expect(detail.textContent()).resolves.toMatch(/curl\//);
    await expect(detail.textContent()).resolves.not.toContain(key);
    const count = await entries(panel).count();

    await detail.getByRole('button', { name: COPY.replay }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="recent-list"] button').length === n + 1, count);
    const replayed = entries(panel).first();
    await expect(replayed.textContent()).resolves.toMatch(TERMINAL_ENTRY);
    await expect(replayed.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(panel.getByTestId('recent-status').textContent()).resolves.toContain(COPY.replayed('200 OK'));
    // The replay is a new request, under its own Request-Id, sent with the browser's user agent.
    await expect(detail.getByTestId('recent-request-id').textContent()).resolves.toMatch(/^req_/);
    await expect(detail.textContent()).resolves.not.toMatch(/curl\//);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('works from the keyboard alone, and axe finds nothing wrong with it open (light and dark)', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, context } = await openPage(live.browser, { colorScheme });
      await page.goto(`${live.server.url}/api-docs/enterprise`, { waitUntil: 'networkidle' });
      await hydrated(page);
      const panel = await openTryIt(page, 'listBankAccounts');
      await send(panel);
      await send(panel);
      await panel.getByRole('button', { name: 'Send', exact: true }).focus();
      const focused = () => page.evaluate(() => (document.activeElement === document.body ? '(nothing focused)' : (document.activeElement?.textContent ?? '')));
      for (let i = 0; i < 6 && (await focused()) !== COPY.toggle; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(COPY.toggle);
      await page.keyboard.press('Enter');
      await entries(panel).nth(1).waitFor();
      await expect(panel.getByRole('button', { name: COPY.toggle }).getAttribute('aria-expanded')).resolves.toBe('true');

      // Refresh, then the list: one tab stop, the arrows move through it.
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(COPY.refresh);
      await page.keyboard.press('Tab');
      await expect(entries(panel).first().evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect(entries(panel).nth(1).getAttribute('aria-pressed')).resolves.toBe('true');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(COPY.replay);
      const count = await entries(panel).count();
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="recent-list"] button').length === n + 1, count);
      await expect(panel.getByRole('status').filter({ hasText: 'Replayed' }).count()).resolves.toBe(1);
      // Focus stays where the keyboard left it, ready for another replay.
      await panel.getByRole('button', { name: COPY.replay, exact: true }).waitFor();
      expect(await focused()).toBe(COPY.replay);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await focused()).toBe(COPY.refresh);
      await page.keyboard.press('Enter');
      await panel.getByTestId('recent-status').filter({ hasText: 'newest first' }).waitFor();
      await panel.getByRole('button', { name: COPY.refresh, exact: true }).waitFor();
      expect(await focused()).toBe(COPY.refresh);

      const result = await new AxeBuilder({ page }).include('[data-testid="try-it-panel"]').withTags(AXE_TAGS).analyze();
      expect([colorScheme, result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)]).toEqual([colorScheme, []]);
      await context.close();
    }
  });

  it('fits 360 px without sideways scrolling and looks right at 1280, 390 and 360 px, light and dark (screenshots)', async () => {
    const looks = [...LOOKS, { name: 'phone390-light', width: 390, colorScheme: 'light' }, { name: 'phone390-dark', width: 390, colorScheme: 'dark' }] as const;
    for (const look of looks) {
      // Tall enough that the expanded section fits the viewport whole.
      const { page, context } = await openPage(live.browser, { width: look.width, height: 2400, colorScheme: look.colorScheme });
      await page.goto(`${live.server.url}/api-docs/business`, { waitUntil: 'networkidle' });
      await hydrated(page);
      const panel = await openTryIt(page, 'createPayment');
      await send(panel);
      await expandRecent(panel);
      await panel.getByTestId('recent-detail').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect([look.name, overflow]).toEqual([look.name, 0]);
      // The whole section with its toggle, placed below the sticky navbar so nothing covers it.
      const section = panel.getByTestId('recent-requests').locator('..');
      await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
      await section.screenshot({ path: (await screenshot(page, `recent-requests-${look.name}`)).replace(/\.png$/, '-section.png') });
      await context.close();
    }
  });
});
