import { openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';
import { AA_NORMAL_TEXT, contrastRatio, rgbToHex } from '@site/src/lib/contrast';

jest.setTimeout(60_000);

const LONG_QUERY = 'webhook retry attempts per plan and signature';

/** "rgb(1, 2, 3)" -> "#010203". */
const toHex = (css: string): string => rgbToHex(css.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number]);

describe('site search in Chromium', () => {
  const live = useLiveSite();

  it.each(['light', 'dark'] as const)('in %s mode: the selected hit is legible, long queries clear the clear button, breadcrumbs keep words apart', async (colorScheme) => {
    const { page, context } = await openPage(live.browser, { colorScheme });
    await page.goto(`${live.server.url}/documentation`, { waitUntil: 'networkidle' });
    const input = page.locator('input.navbar__search-input').first();
    await input.click();
    await input.fill(LONG_QUERY);
    await page.locator('[class*="suggestion"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const selected = page.locator('[class*="suggestion"][class*="cursor"]').first();
    const colors = await selected.evaluate((el) => {
      const title = el.querySelector('[class*="hitTitle"]') ?? el;
      return { fg: getComputedStyle(title).color, bg: getComputedStyle(el).backgroundColor };
    });
    expect(contrastRatio(toHex(colors.fg), toHex(colors.bg))).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);

    // The text area of the input ends before the clear button starts.
    const textRight = await input.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.right - parseFloat(getComputedStyle(el).paddingRight);
    });
    const clear = await page.locator('[class*="searchClearButton"]').first().boundingBox();
    expect(textRight).toBeLessThanOrEqual(clear!.x);

    // Accordion title and subtitle are separate words in the breadcrumbs ("Webhooks: Events…").
    const paths = await page.locator('[class*="hitPath"]').allTextContents();
    expect(paths.filter((p) => /[a-z][A-Z]/.test(p.replace(/X-Plan-Type|X-API-Version|OpenAPI|HMAC-SHA256|PlanType/g, '')))).toEqual([]);
    await context.close();
  });
});
