import { openPage } from '../_lib/browser';
import { ADMIN } from '../_lib/server';
import { SPEC_ROUTES } from './routes';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(60_000);

/**
 * The strict CSP must not only be sent but also hold: no page may do something it blocks. Chrome
 * reports a blocked attempt as a `securitypolicyviolation` event even when the page catches the
 * error (zod's eval probe did exactly that), and Lighthouse counts it against best practices.
 */
describe('no page trips its own content security policy', () => {
  const live = useLiveSite();

  it.each(SPEC_ROUTES)('%s', async (route) => {
    const { page, context } = await openPage(live.browser, { httpCredentials: ADMIN });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
    await context.close();
  });
});
