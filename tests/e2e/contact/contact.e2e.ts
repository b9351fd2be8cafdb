import { openPage, screenshot } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';
import { startSmtp, type TestSmtp } from '../_lib/smtp';
import { MIN_FILL_MS } from '@site/src/schemas/common';

jest.setTimeout(120_000);

const SALES = 'sales-e2e@ledgerline.test';

describe('contact form to the sales mailbox', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp?.stop());
  const live = useLiveSite(() => ({ env: { SMTP_URL: smtp.url, SALES_EMAIL: SALES } }));

  it('sends a message that arrives by SMTP, then offers Send Another Message', async () => {
    const { page, context, consoleErrors } = await openPage(live.browser);
    await page.goto(`${live.server.url}/#contact`, { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Contact sales' });
    const send = form.getByRole('button', { name: 'Send Message' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Message').getAttribute('rows')).resolves.toBe('4');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Company').fill('Analytical Engines');
    await page.getByLabel('Phone').fill('+44 20 7946 0000');
    await page.getByLabel('Message').fill('We would like white-label banking for 2,000 customers.');
    // People take a few seconds to write; the server discards faster posts as bots.
    await page.waitForTimeout(MIN_FILL_MS + 200);
    await send.click();
    const confirmation = page.getByRole('status').filter({ hasText: 'within 24 hours' });
    await confirmation.waitFor();
    await screenshot(page, 'contact-success-1280-light');

    const [mail] = await smtp.waitForMessages(1, 15_000);
    expect(mail!.subject).toBe('New contact message from Ada Lovelace (Analytical Engines)');
    expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toContain(SALES);
    expect(mail!.replyTo?.text).toContain('ada@example.com');
    expect(mail!.text).toContain('We would like white-label banking for 2,000 customers.');

    await page.getByRole('button', { name: 'Send Another Message' }).click();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('');
    await expect(form.getByRole('button', { name: 'Send Message' }).isDisabled()).resolves.toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers a bot (honeypot filled) with the same confirmation but mails nothing', async () => {
    const before = smtp.messages.length;
    const { page, context } = await openPage(live.browser, { width: 360 });
    await page.goto(`${live.server.url}/#contact`, { waitUntil: 'networkidle' });
    await page.getByLabel('Name').fill('Spam Bot');
    await page.getByLabel('Email').fill('bot@example.com');
    await page.getByLabel('Message').fill('Buy now');
    await page.locator('#website').fill('https://spam.example', { force: true });
    await page.waitForTimeout(MIN_FILL_MS + 200);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('button', { name: 'Send Another Message' }).waitFor();
    await page.waitForTimeout(1500);
    expect(smtp.messages.length).toBe(before);
    await context.close();
  });

  it('shows a server error above the form', async () => {
    const { page, context } = await openPage(live.browser, { width: 360, colorScheme: 'dark' });
    await page.goto(`${live.server.url}/#contact`, { waitUntil: 'networkidle' });
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false }) }));
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('form', { name: 'Contact sales' }).getByRole('alert').getByText('Failed to send message').waitFor();
    await screenshot(page, 'contact-error-360-dark');
    await context.close();
  });
});
