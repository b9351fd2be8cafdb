/**
 * Issue 27, end to end: the Try it panel of a webhook operation lists the webhook's deliveries
 * and follows a pending one until it settles. The webhook is on the documented failing domain
 * (.invalid never resolves), so nothing leaves the machine and the delivery ends `failed` after
 * the starter plan's retries (about a second, doubling: seconds in all).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { API_VERSION, MAGIC, STATUSES } from '@site/src/data/apiReference';
import { PLAN_LIMITS } from '@site/src/data/limits';
import { SANDBOX_BASE_PATH } from '@site/src/data/sandbox';
import { TRY_IT_COPY } from '@site/src/data/tryIt';
import { DELIVERIES_COPY } from '@site/src/data/tryItDeliveries';
import { hydrated, openPage } from '../_lib/browser';
import { ROOT } from '../_lib/server';
import { useLiveSite } from '../_lib/suite';
import { openTryIt, pageKey, send } from '../_lib/tryIt';

jest.setTimeout(180_000);

const [SUCCEEDED, PENDING, FAILED] = STATUSES.webhookDelivery;
const EVENT = 'payment.succeeded';

const firstStatus = (page: Page) => page.evaluate(() => document.querySelector('[data-testid="try-it-deliveries"] [data-testid="delivery-status"]')?.textContent ?? '');

describe('Webhook deliveries in the Try it panel (Chromium, live sandbox)', () => {
  const live = useLiveSite();

  it('shows a test event sent from the panel as pending, and follows it to failed after the plan\'s retries', async () => {
    expect(PLAN_LIMITS.starter.webhookRetryAttempts).toBeLessThanOrEqual(5);
    const { page, context, consoleErrors } = await openPage(live.browser, { width: 360, colorScheme: 'dark' });
    await page.goto(`${live.server.url}/api-docs/starter`, { waitUntil: 'networkidle' });
    await hydrated(page);

    // A webhook on the failing domain, registered from its own panel.
    const create = await openTryIt(page, 'createWebhook');
    await create.getByLabel(TRY_IT_COPY.bodyLabel).fill(JSON.stringify({ url: MAGIC.failingWebhookUrl, events: [EVENT] }));
    expect((await send(create)).status).toMatch(/^201\b/);
    const key = await pageKey(page, 'starter');
    const listed = (await (await fetch(`${live.server.url}${SANDBOX_BASE_PATH}/webhooks`, { headers: { Authorization: `Bearer ${key}`, 'X-API-Version': API_VERSION } })).json()) as { data: { id: string; url: string }[] };
    const webhook = listed.data.find((w) => w.url === MAGIC.failingWebhookUrl);
    expect(webhook).toBeDefined();

    const test = await openTryIt(page, 'testWebhook');
    await test.getByRole('textbox', { name: /^id\b/ }).fill(webhook!.id);
    await test.getByLabel(TRY_IT_COPY.bodyLabel).fill(JSON.stringify({ event: EVENT }));
    expect((await send(test)).status).toMatch(/^201\b/);
    const deliveries = test.getByTestId('try-it-deliveries');
    await deliveries.waitFor();
    await expect(deliveries.getByRole('heading').textContent()).resolves.toBe(DELIVERIES_COPY.title(webhook!.id));
    await page.waitForFunction(() => document.querySelector('[data-testid="try-it-deliveries"] [data-testid="delivery-status"]') !== null);
    expect(await firstStatus(page)).toBe(PENDING);
    await expect(deliveries.textContent()).resolves.toContain(DELIVERIES_COPY.refreshing);
    expect(await deliveries.textContent()).toContain(EVENT);

    // The list reads itself again until the delivery settles: no click needed.
    await page.waitForFunction((failed) => document.querySelector('[data-testid="try-it-deliveries"] [data-testid="delivery-status"]')?.textContent === failed, FAILED, { timeout: 90_000 });
    await expect(deliveries.textContent()).resolves.not.toContain(DELIVERIES_COPY.refreshing);
    expect(await firstStatus(page)).not.toBe(SUCCEEDED);

    // At 360 px the table scrolls inside its box; the page does not widen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The panel itself, for people to look at (screenshots/, git-ignored).
    await test.screenshot({ path: path.join(ROOT, 'screenshots', 'webhook-deliveries-phone-dark.png') });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
