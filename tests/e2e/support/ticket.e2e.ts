import { LOOKS, openPage, screenshot, hydrated } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';
import { startSmtp, type TestSmtp } from '../_lib/smtp';
import { MIN_FILL_MS } from '../../../src/schemas/common';
import { SUPPORT_FAQ } from '../../../src/data/supportPage';

const SUPPORT_EMAIL = 'helpdesk@ledgerline.test';

describe('/support in Chromium', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp?.stop());
  const live = useLiveSite(() => ({ env: { SMTP_URL: smtp.url, SUPPORT_EMAIL } }));

  it('files a ticket from the form and both emails arrive', async () => {
    const { page, consoleErrors, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/support`);
    const submit = page.getByRole('button', { name: 'Submit Ticket' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Category').inputValue()).resolves.toBe('general');
    await expect(page.getByLabel('Priority').inputValue()).resolves.toBe('medium');

    await page.getByLabel('Name').fill('Grace <Hopper>');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Subject').fill('Bank feed stopped syncing');
    await page.getByLabel('Category').selectOption('technical');
    await page.getByLabel('Priority').selectOption('high');
    await page.getByLabel('Message').fill('Since this morning no transactions arrive.\n<img src=x onerror=alert(1)>');
    // A person takes longer than the spam check's minimum fill time.
    await page.waitForTimeout(MIN_FILL_MS + 200);
    await submit.click();

    const idText = await page.getByTestId('ticket-id').textContent({ timeout: 10_000 });
    const ticketId = idText!.trim();
    expect(ticketId).toMatch(/^SUP-[2-9A-HJ-NP-Z]{6}$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'support-success-desktop-light');

    const mails = await smtp.waitForMessages(2, 15_000);
    const team = mails.find((m) => m.subject?.includes('[High]'));
    const customer = mails.find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === 'grace@example.com');
    expect(team?.subject).toBe(`[${ticketId}] [High] [Technical Support] Bank feed stopped syncing`);
    expect(team?.to && !Array.isArray(team.to) ? team.to.value[0]?.address : '').toBe(SUPPORT_EMAIL);
    expect(team?.replyTo?.value[0]?.address).toBe('grace@example.com');
    expect(team?.text).toContain('<img src=x onerror=alert(1)>');
    expect(team?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(team?.html).not.toContain('<img');
    expect(customer?.subject).toContain(ticketId);
    expect(customer?.text).toContain('within 4 hours');
    expect(customer?.replyTo?.value[0]?.address).toBe(SUPPORT_EMAIL);

    await page.getByRole('button', { name: 'Create Another Ticket' }).click();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Priority').inputValue()).resolves.toBe('medium');
    await expect(submit.isDisabled()).resolves.toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the server error above the form', async () => {
    const { page, context } = await openPage(live.browser);
    await page.route('**/api/support', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Too many requests. Please wait a minute and try again.' }) }),
    );
    await page.goto(`${live.server.url}/support`);
    for (const [label, value] of [['Name', 'A'], ['Email', 'a@example.com'], ['Subject', 'S'], ['Message', 'M']] as const) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe('Too many requests. Please wait a minute and try again.');
    await page.unroute('**/api/support');
    await page.route('**/api/support', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.getByText('Network error. Please try again.').waitFor();
    await context.close();
  }, 30_000);

  it('opens FAQ answers with the keyboard', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/support`);
    await hydrated(page);
    const first = page.getByRole('button', { name: SUPPORT_FAQ[0]!.question });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('region', { name: SUPPORT_FAQ[0]!.question }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('End');
    const last = page.getByRole('button', { name: SUPPORT_FAQ[SUPPORT_FAQ.length - 1]!.question });
    await expect(last.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press(' ');
    await expect(last.getAttribute('aria-expanded')).resolves.toBe('true');
    await context.close();
  }, 30_000);

  it.each(LOOKS)('looks right: $name', async ({ name, width, colorScheme }) => {
    const { page, context, consoleErrors } = await openPage(live.browser, { width, colorScheme });
    await page.goto(`${live.server.url}/support`);
    await page.getByRole('button', { name: SUPPORT_FAQ[1]!.question }).click();
    // No horizontal scrolling at any width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.waitForTimeout(300); // let the chevron finish turning
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `support-${name}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 30_000);
});
