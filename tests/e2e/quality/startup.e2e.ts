import type { Page } from 'playwright-core';
import { hydrated, openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(60_000);

/** Bodies of the JavaScript files the page loaded so far, collected as they arrive. */
function collectScripts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') void res.text().then((t) => bodies.push(t), () => undefined);
  });
  return bodies;
}

async function until(predicate: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}


// Markers that survive minification: zod's error class name, mark.js's data attribute.
const ZOD = 'ZodError';
const MARK_JS = 'data-markjs';

describe('what a page runs at start-up', () => {
  const live = useLiveSite();

  it('paints the server HTML first and starts the main bundle after the first contentful paint', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 412, height: 800 });
    await page.addInitScript(() => {
      const w = window as unknown as { __fcp?: number; __mainInserted?: number };
      new PerformanceObserver((list) => {
        const fcp = list.getEntriesByName('first-contentful-paint')[0];
        if (fcp) w.__fcp = fcp.startTime;
      }).observe({ type: 'paint', buffered: true });
      new MutationObserver((records) => {
        for (const r of records)
          for (const n of r.addedNodes)
            if (n instanceof HTMLScriptElement && /\/assets\/js\/main\.[0-9a-f]+\.js$/.test(n.src)) w.__mainInserted ??= performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(`${live.server.url}/`);
    const html = (await response!.text()).replace(/\s+/g, ' ');
    // No parser-inserted bundle: it would run before the first paint on a fast connection.
    expect(html).not.toMatch(/<script[^>]+src=["']?\/assets\/js\/main\./);
    expect(html).toMatch(/<link rel=["']?preload["']? as=["']?script["']? href=["']?\/assets\/js\/main\./);
    await hydrated(page);
    const { fcp, inserted } = await page.evaluate(() => {
      const w = window as unknown as { __fcp?: number; __mainInserted?: number };
      return { fcp: w.__fcp, inserted: w.__mainInserted };
    });
    expect(fcp).toBeGreaterThan(0);
    expect(inserted).toBeGreaterThanOrEqual(fcp!);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('loads zod only once someone uses a form, and the form still validates', async () => {
    const { page, context } = await openPage(live.browser);
    const scripts = collectScripts(page);
    await page.goto(`${live.server.url}/`, { waitUntil: 'networkidle' });
    await hydrated(page);
    expect(scripts.some((s) => s.includes(ZOD))).toBe(false);

    const contact = page.getByRole('form', { name: 'Contact sales' });
    await contact.getByLabel('Name').focus();
    await until(() => scripts.some((s) => s.includes(ZOD)));
    await contact.getByLabel('Name').fill('Ada Lovelace');
    await contact.getByLabel('Email').fill('not-an-email');
    await contact.getByLabel('Message').fill('Hello');
    await contact.getByRole('button', { name: /send/i }).click();
    await page.getByText(/valid email/i).first().waitFor();
    expect(scripts.some((s) => s.includes(ZOD))).toBe(true);
    await context.close();
  });

  it('highlights search terms on the target page, loading mark.js only then', async () => {
    const { page, context } = await openPage(live.browser);
    const scripts = collectScripts(page);
    await page.goto(`${live.server.url}/documentation/authentication`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.waitForTimeout(300);
    expect(scripts.some((s) => s.includes(MARK_JS))).toBe(false);

    await page.goto(`${live.server.url}/documentation/authentication?_highlight=token`, { waitUntil: 'networkidle' });
    const marks = page.locator('article mark');
    await marks.first().waitFor();
    expect((await marks.first().textContent())?.toLowerCase()).toContain('token');
    await context.close();
  });
});
