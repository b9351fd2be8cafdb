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


// A marker that survives minification: zod's error class name.
const ZOD = 'ZodError';

describe('what a page runs at start-up', () => {
  const live = useLiveSite();

  it('paints the server HTML without JavaScript, then hydrates from Docusaurus\'s deferred bundles', async () => {
    // The server HTML alone is the page: with scripts off, the landing page's heading still shows.
    const noJs = await live.browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 800 } });
    const bare = await noJs.newPage();
    await bare.goto(`${live.server.url}/`);
    await bare.getByRole('heading', { level: 1 }).waitFor();
    await noJs.close();

    const { page, context, consoleErrors } = await openPage(live.browser, { width: 412, height: 800 });
    const response = await page.goto(`${live.server.url}/`);
    const html = (await response!.text()).replace(/\s+/g, ' ');
    // Docusaurus's own template: the bundles are parser-inserted, deferred scripts (no boot script
    // that holds them back past the first paint: measured as a loss, see CONTRIBUTING.md).
    const main = html.match(/<script[^>]*\ssrc=["']?\/assets\/js\/main\.[0-9a-f]+\.js["']?[^>]*>/)?.[0];
    expect(main ?? '(no <script> of main.js)').toMatch(/\sdefer[\s=>]/);
    expect(html).not.toContain('first-contentful-paint');
    await hydrated(page);
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0);
    expect(fcp).toBeGreaterThan(0);
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
});
