import type { Locator, Page } from 'playwright-core';

/**
 * What the interactions section (bench/interactions.ts) clicks and types, page by page, as a
 * reader would: each step scrolls its control into view and lets the page settle first, so only
 * the click or key press itself is timed. A step's `after` puts the page back (closes what it
 * opened) without being timed.
 */
export interface Step {
  name: string;
  before?: (page: Page) => Promise<void>;
  act: (page: Page) => Promise<void>;
  after?: (page: Page) => Promise<void>;
}

export interface Scenario {
  /** For BENCH_INTERACTIONS. */
  name: string;
  label: string;
  route: string;
  /** Served by the stock Docusaurus site (bench/stock-site), not ours. */
  stock?: boolean;
  /** Behind the admin's Basic authentication (/white-label). */
  auth?: boolean;
  /** Report the page's element count and height at load and with every section open (the long plan pages). */
  size?: boolean;
  steps: (page: Page) => Promise<Step[]>;
}

const sectionButton = (page: Page, id: string): Locator => page.locator(`[data-accordion="${id}"] > :is(h2, h3) button`);

const expanded = async (button: Locator): Promise<boolean> => (await button.getAttribute('aria-expanded')) === 'true';

/** Brings a control into view, then waits for what that starts (islands coming alive) to finish. */
async function reveal(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
}

/** Opens every closed section (for the page's size with everything shown). */
export async function openAll(page: Page): Promise<void> {
  // Queried afresh each time: a clicked button leaves the list of closed ones.
  const closed = page.locator('[data-accordion] > :is(h2, h3) button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  await page.waitForTimeout(500);
}

/** One step per accordion section: open it (close it, for one open at load), then put it back. */
async function sectionSteps(page: Page): Promise<Step[]> {
  const ids = await page.locator('[data-accordion]').evaluateAll((els) => els.map((el) => el.getAttribute('data-accordion')!));
  const steps: Step[] = [];
  for (const id of ids) {
    const button = sectionButton(page, id);
    const title = (await button.locator('span span').first().textContent())?.trim() || id;
    const open = await expanded(button);
    steps.push({
      name: `section "${title}" ${open ? 'close' : 'open'}`,
      before: () => reveal(button),
      act: () => button.click(),
      after: async () => {
        await button.click();
        await page.evaluate(() => window.scrollTo(0, 0));
      },
    });
  }
  return steps;
}

/**
 * One step per tab of the first code sample tabs shown in `section` (opened first if closed),
 * each chosen in turn, then the first tab chosen again untimed: the tabs are synced site-wide.
 */
async function tabSteps(page: Page, section: string): Promise<Step[]> {
  const button = sectionButton(page, section);
  const panel = page.locator(`[data-accordion="${section}"] [role="region"]`);
  const tablist = panel.locator('[role="tablist"]').first();
  const wasOpen = await expanded(button);
  const labels = await panel.locator('[role="tablist"]').first().locator('[role="tab"]').allTextContents();
  const openSection = async () => {
    if (!(await expanded(button))) await button.click();
    await reveal(tablist);
  };
  return labels.slice(1).map((label, i, rest) => ({
    name: `"${label.trim()}" sample tab`,
    before: openSection,
    act: () => tablist.locator('[role="tab"]', { hasText: label.trim() }).click(),
    after:
      i === rest.length - 1
        ? async () => {
            await tablist.locator('[role="tab"]').first().click();
            if (!wasOpen) await button.click();
            await page.evaluate(() => window.scrollTo(0, 0));
          }
        : undefined,
  }));
}

export const DETAILS_REFERENCE: Scenario = {
  name: 'stock',
  label: 'stock Docusaurus <details>',
  route: 'docs/create-a-page',
  stock: true,
  steps: async (page) => {
    const summary = page.locator('details summary').first();
    return [
      { name: 'open', before: () => reveal(summary), act: () => summary.click() },
      { name: 'close', act: () => summary.click() },
    ];
  },
};

export const SCENARIOS: Scenario[] = [
  DETAILS_REFERENCE,
  {
    name: 'api-docs',
    label: '/api-docs',
    route: '/api-docs',
    steps: async (page) => {
      const card = page.locator('[data-accordion="getting-started"] article[data-endpoint="getCurrentUser"]').first();
      const tryIt = card.locator('[data-try-it] > button');
      const tryItSteps: Step[] = [
        { name: 'Try it open', before: () => reveal(tryIt), act: () => tryIt.click(), after: async () => void (await card.getByTestId('try-it-panel').waitFor()) },
        {
          name: 'Try it send',
          before: () => reveal(card.getByRole('button', { name: 'Send', exact: true })),
          act: () => card.getByRole('button', { name: 'Send', exact: true }).click(),
          after: async () => {
            await card.getByTestId('try-it-status').waitFor({ timeout: 30_000 });
            await tryIt.click();
          },
        },
      ];
      return [...(await sectionSteps(page)), ...(await tabSteps(page, 'getting-started')), ...tryItSteps];
    },
  },
  {
    name: 'plan',
    label: '/api-docs/business',
    route: '/api-docs/business',
    size: true,
    steps: async (page) => [...(await sectionSteps(page)), ...(await tabSteps(page, 'authentication'))],
  },
  {
    name: 'documentation',
    label: '/documentation',
    route: '/documentation',
    steps: sectionSteps,
  },
  {
    name: 'search',
    label: 'navbar search',
    route: '/documentation',
    steps: async (page) => {
      const box = page.getByRole('combobox', { name: 'Search the site' });
      return [
        { name: 'open (click the box)', act: () => box.click() },
        { name: 'type "webhook" (worst key)', act: () => page.keyboard.type('webhook', { delay: 120 }) },
      ];
    },
  },
  {
    name: 'checkout',
    label: '/',
    route: '/',
    steps: async (page) => {
      const choose = page.locator('button[data-plan="business"]');
      return [
        {
          name: 'Choose Plan opens the checkout',
          before: () => reveal(choose),
          act: () => choose.click(),
          after: async () => {
            await page.getByTestId('checkout-modal').waitFor();
            await page.keyboard.press('Escape');
          },
        },
      ];
    },
  },
  {
    name: 'white-label',
    label: '/white-label',
    route: '/white-label',
    auth: true,
    steps: async (page) => {
      const colors = page.getByRole('tab', { name: 'Colors' });
      const preset = page.getByRole('button', { name: 'Blue', exact: true });
      return [
        { name: 'Colors tab', before: () => reveal(colors), act: () => colors.click() },
        { name: 'colour preset with live preview', before: () => reveal(preset), act: () => preset.click() },
      ];
    },
  },
];
