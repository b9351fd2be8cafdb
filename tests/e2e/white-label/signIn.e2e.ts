import { hydrated, openPage } from '../_lib/browser';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(60_000);

describe('white-label admin reached without credentials', () => {
  const live = useLiveSite();

  it('shows a sign-in state, not the admin form, after client-side navigation', async () => {
    const { page, context } = await openPage(live.browser);
    await page.goto(`${live.server.url}/`);
    await hydrated(page);
    const pageLoads: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) pageLoads.push(r.url());
    });
    await page.getByRole('navigation').getByRole('link', { name: 'White Label', exact: true }).first().click();
    await page.waitForURL('**/white-label');
    // The admin UI came from the public bundle: no document was requested from the server.
    expect(pageLoads).toEqual([]);
    await page.getByRole('heading', { name: 'Sign in required' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Save Configuration/ }).count()).toBe(0);
    expect(await page.getByRole('tablist').count()).toBe(0);
    await context.close();
  });
});
