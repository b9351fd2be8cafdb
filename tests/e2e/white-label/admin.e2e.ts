import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { LOOKS, openPage, screenshot } from '../_lib/browser';
import { ADMIN, ROOT } from '../_lib/server';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(90_000);

// Brand assets on a CDN the test machine cannot reach: the browser gets them from route().
const LOGO_URL = 'https://cdn.acme-bank.test/logo.svg';
const FAVICON_URL = 'https://cdn.acme-bank.test/favicon.svg';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="40" height="40" rx="10" fill="#10b981"/><path d="M10 28 20 10l10 18z" fill="#fff"/><text x="48" y="27" font-family="sans-serif" font-weight="700" font-size="18" fill="#fff">ACME</text></svg>';
const FAVICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4" fill="#10b981"/></svg>';

async function serveAssets(context: BrowserContext) {
  await context.route('https://cdn.acme-bank.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: route.request().url().endsWith('logo.svg') ? LOGO_SVG : FAVICON_SVG }),
  );
}

// Modal dialogs cover the viewport, not the whole page: capture what the user sees.
async function viewportShot(page: Page, name: string) {
  fs.mkdirSync(path.join(ROOT, 'screenshots'), { recursive: true });
  await page.screenshot({ path: path.join(ROOT, 'screenshots', `${name}.png`) });
}

/** axe on our page content, the preview included: the theme picks AA text for the client's colors. */
async function expectAccessible(page: Page, where: string) {
  await page.waitForTimeout(250); // let tab transitions settle before colors are measured
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect([where, result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)]).toEqual([where, []]);
}

async function openAdmin(page: Page, url: string, hash = '') {
  await page.goto(`${url}/white-label${hash}`, { waitUntil: 'networkidle' });
  await page.locator('#wl-panel-configure').waitFor({ state: 'attached' });
  await page.waitForFunction(() => !document.querySelector('fieldset[disabled]'));
}

describe('white-label admin in Chromium', () => {
  const live = useLiveSite();

  it('answers 401 without admin credentials, for the page and the API', async () => {
    const { page, context } = await openPage(live.browser);
    // A navigation would show the browser's credential prompt; the request API sees the 401 itself.
    for (const path of ['/white-label', '/api/white-label/config']) {
      const res = await page.request.get(live.server.url + path);
      expect([path, res.status()]).toEqual([path, 401]);
      expect(res.headers()['www-authenticate']).toMatch(/^Basic/);
    }
    const post = await page.request.post(`${live.server.url}/api/white-label/deploy`, { data: { configId: 'x' } });
    expect(post.status()).toBe(401);
    await context.close();
  });

  it('edits with a live preview, saves, survives a reload, downloads, and deploys once the steps are done', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { httpCredentials: ADMIN });
    await serveAssets(context);
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fontRequests.push(r.url());
    });
    await openAdmin(page, live.server.url);

    // Live preview follows each keystroke.
    const preview = page.getByTestId('white-label-preview');
    const name = page.getByLabel('Company Name');
    await name.fill('');
    await name.pressSequentially('Acme Bank');
    await expect(preview.getByTestId('preview-company').textContent()).resolves.toBe('Acme Bank');

    // Font from the self-hosted files.
    await page.getByRole('radio', { name: 'Poppins' }).check({ force: true });
    await expect(preview.getAttribute('data-font')).resolves.toBe('Poppins');
    await page.waitForFunction(() => [...document.fonts].some((f) => f.family === 'Poppins' && f.weight === '700' && f.status === 'loaded'));
    expect(fontRequests.length).toBeGreaterThan(0);
    for (const url of fontRequests) expect(url.startsWith(live.server.url)).toBe(true);

    // Colors: a preset changes the preview, and the button text follows the fill: white would be
    // 2.5:1 on this light green, so the theme writes dark ink; on a dark green it writes white.
    await page.getByRole('tab', { name: 'Colors' }).click();
    await page.getByRole('button', { name: 'Green' }).click();
    const button = preview.getByTestId('preview-primary-button');
    const buttonColors = () => button.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    await expect(buttonColors()).resolves.toEqual(['rgb(16, 185, 129)', 'rgb(15, 23, 42)']);
    await expect(page.getByTestId('contrast-warning-primaryColor').count()).resolves.toBe(0);
    await page.getByLabel('Primary Color', { exact: true }).fill('#047857');
    await expect(buttonColors()).resolves.toEqual(['rgb(4, 120, 87)', 'rgb(255, 255, 255)']);
    await expect(page.getByTestId('contrast-warning-primaryColor').count()).resolves.toBe(0);

    // Deploy is blocked before the steps are done.
    await page.getByRole('tab', { name: 'Deploy' }).click();
    const deployButton = page.getByRole('button', { name: 'Deploy Platform' });
    await expect(deployButton.isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Please complete the configuration steps before deploying.').isVisible()).resolves.toBe(true);

    // Save, then reload: it is kept.
    await page.getByRole('tab', { name: 'Configure' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Configuration saved successfully!').waitFor();
    await openAdmin(page, live.server.url);
    await expect(page.getByLabel('Company Name').inputValue()).resolves.toBe('Acme Bank');
    await expect(preview.getByTestId('preview-company').textContent()).resolves.toBe('Acme Bank');

    // Download Config: the file name rule and the file's content.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Config' }).click()]);
    expect(download.suggestedFilename()).toBe('acme-bank-white-label-config.json');
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ companyName: 'Acme Bank', primaryColor: '#047857', fontFamily: 'Poppins', isActive: false });
    expect(String(file.id)).toMatch(/^wlc_/);
    expect(String(file.customCSS)).toContain('--wl-primary: #047857;');
    expect(new Date(String(file.generatedAt)).toISOString()).toBe(file.generatedAt);

    // Still blocked with only step 1 done.
    await page.getByRole('tab', { name: 'Deploy' }).click();
    await expect(page.getByTestId('step-configSaved').getAttribute('data-done')).resolves.toBe('true');
    await expect(deployButton.isDisabled()).resolves.toBe(true);

    // Complete steps 2 and 3 (the deploy saves the edits first).
    await page.getByRole('tab', { name: 'Configure' }).click();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await page.getByLabel('Domain').fill('banking.acme-bank.test');
    await page.getByLabel('Logo URL').fill(LOGO_URL);
    await page.getByLabel('Favicon URL').fill(FAVICON_URL);
    await expect(preview.getByRole('img', { name: 'Acme Bank logo' }).isVisible()).resolves.toBe(true);
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByLabel('Email From Name').fill('Acme Banking');
    await page.getByLabel('Contact Email').fill('help@acme-bank.test');
    await page.getByLabel('Contact Phone').fill('+1 (555) 010-0200');
    await page.getByRole('tab', { name: 'Deploy' }).click();
    await expect(deployButton.isEnabled()).resolves.toBe(true);
    await deployButton.click();
    await page.getByText('Platform deployed successfully!').waitFor();
    const active = page.getByRole('button', { name: 'Platform Active' });
    await expect(active.isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('step-platformDeployed').getAttribute('data-done')).resolves.toBe('true');
    // Deployed, but nothing has checked the client's DNS: the page must not claim the domain is live.
    const liveNote = (await page.getByTestId('deploy-live').textContent()) ?? '';
    expect(liveNote).not.toMatch(/Live at/);
    expect(liveNote).toMatch(/banking\.acme-bank\.test serves it once your DNS records point to us/);

    // Reload: deployed and kept.
    await openAdmin(page, live.server.url, '#deploy');
    await expect(page.getByRole('button', { name: 'Platform Active' }).isDisabled()).resolves.toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('manages: status cards, full-screen preview, export and DNS records', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { httpCredentials: ADMIN });
    await serveAssets(context);
    await openAdmin(page, live.server.url, '#manage');
    await expect(page.getByTestId('status-status').textContent()).resolves.toContain('Active');
    await expect(page.getByTestId('status-domain').textContent()).resolves.toContain('banking.acme-bank.test');
    await expect(page.getByTestId('status-configuration-version').textContent()).resolves.toContain('v2');

    await page.getByRole('button', { name: /Preview Platform/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('preview-company').textContent()).resolves.toBe('Acme Bank');
    const box = await dialog.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(1270);
    await viewportShot(page, 'white-label-preview-full');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Export Configuration/ }).click()]);
    expect(download.suggestedFilename()).toBe('acme-bank-white-label-config.json');

    await page.getByRole('button', { name: /Update DNS/ }).click();
    await expect(page.getByTestId('dns-CNAME').textContent()).resolves.toContain('banking.acme-bank.test');
    await expect(page.getByTestId('dns-TXT').textContent()).resolves.toMatch(/_ledgerline-verification\.banking\.acme-bank\.test/);
    await viewportShot(page, 'white-label-dns');
    await page.getByRole('button', { name: 'Close' }).click();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('warns before leaving with unsaved edits, and restores an earlier version from the history', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser, { httpCredentials: ADMIN });
    await serveAssets(context);
    await openAdmin(page, live.server.url);
    const before = 'Before Bank';
    await page.getByLabel('Company Name').fill(before);
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Configuration saved successfully!').waitFor();
    await page.getByLabel('Company Name').fill('Renamed Bank');
    await expect(page.locator('header').getByText('Unsaved changes').isVisible()).resolves.toBe(true);
    // A reload now asks first; dismissing keeps the page and the edit.
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(dialogs).toEqual(['beforeunload']);
    await expect(page.getByLabel('Company Name').inputValue()).resolves.toBe('Renamed Bank');

    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByText('Configuration saved successfully!').waitFor();
    await page.getByRole('tab', { name: 'Manage' }).click();
    // The newest version is the current one (no Restore); the one before it is "Before Bank".
    await page.getByRole('button', { name: /^Restore version \d+$/ }).first().click();
    await page.getByText(/as the newest version/).waitFor();
    await openAdmin(page, live.server.url);
    await expect(page.getByLabel('Company Name').inputValue()).resolves.toBe(before);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows all three main tabs whole at 320 px', async () => {
    const { page, context } = await openPage(live.browser, { httpCredentials: ADMIN, width: 320 });
    await openAdmin(page, live.server.url, '#manage');
    const clipped = await page.getByRole('tablist', { name: 'White-label admin' }).evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.querySelectorAll('[role="tab"]')].filter((t) => t.getBoundingClientRect().right > box.right + 0.5 || t.getBoundingClientRect().left < box.left - 0.5).map((t) => t.textContent);
    });
    expect(clipped).toEqual([]);
    await context.close();
  });

  it.each(LOOKS)('screenshots every tab ($name)', async ({ name, width, colorScheme }) => {
    const { page, context, consoleErrors } = await openPage(live.browser, { httpCredentials: ADMIN, width, colorScheme });
    await serveAssets(context);
    await openAdmin(page, live.server.url);
    for (const tab of ['Configure', 'Deploy', 'Manage']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      if (tab === 'Configure') {
        for (const sub of ['Branding', 'Colors', 'Contact']) {
          await page.getByRole('tab', { name: sub }).click();
          await page.evaluate(() => document.fonts.ready);
          await screenshot(page, `white-label-configure-${sub.toLowerCase()}-${name}`);
          await expectAccessible(page, `${tab}/${sub}`);
        }
      } else {
        await screenshot(page, `white-label-${tab.toLowerCase()}-${name}`);
        await expectAccessible(page, tab);
      }
    }
    // Nothing may overflow the viewport sideways at 360 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
