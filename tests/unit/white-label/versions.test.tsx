import { screen, within } from '@testing-library/react';
import { formatDateTime } from '@site/src/lib/dates';
import { complete, meta, mockApi, renderPage, setUpPageTests } from './_page';

// The font files are binary build assets; the page's behavior does not depend on them.
jest.mock('@site/src/pages/white-label/_components/fonts', () => ({ useSelfHostedFonts: () => undefined }));
jest.setTimeout(20_000);

setUpPageTests();

describe('white-label admin: deploy says what is live', () => {
  it('after Deploy, says the domain waits on the DNS records instead of "Live at"', async () => {
    mockApi({
      'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: { ...complete, id: 'wlc_1', isActive: false }, meta: meta(1) } }),
      'POST /api/white-label/deploy': () => ({
        status: 201,
        body: { success: true, config: { ...complete, id: 'wlc_1', isActive: true }, meta: meta(1, { id: 'd1', version: 1, deployedAt: '2026-01-15T11:00:00.000Z', deployedBy: 'admin' }), alreadyActive: false },
      }),
    });
    const user = await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Deploy' }));
    await user.click(screen.getByRole('button', { name: /Deploy Platform/ }));
    expect(await screen.findByText('Platform deployed successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Platform Active/ })).toBeDisabled();
    const live = screen.getByTestId('deploy-live');
    expect(live).not.toHaveTextContent(/Live at/);
    expect(live).toHaveTextContent(/Version 1 is deployed/);
    expect(live).toHaveTextContent(/bank\.acme\.example serves it once your DNS records point to us/);
    await user.click(within(live).getByRole('link', { name: 'Manage tab' }));
    expect(screen.getByRole('tab', { name: 'Manage' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('white-label admin: version history', () => {
  it('restores an earlier version by saving its fields as the newest version', async () => {
    const v1 = { ...complete, companyName: 'Old Name Bank', primaryColor: '#1d4ed8' };
    const calls = mockApi({
      'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: { ...complete, companyName: 'New Name', id: 'wlc_2', isActive: false }, meta: meta(2) } }),
      'GET /api/white-label/config/history': () => ({
        status: 200,
        body: {
          success: true,
          versions: [
            { id: 'wlc_2', version: 2, companyName: 'New Name', domain: complete.domain, isActive: false, savedAt: '2026-01-15T10:00:00.000Z', savedBy: 'admin', fields: { ...complete, companyName: 'New Name' } },
            { id: 'wlc_1', version: 1, companyName: 'Old Name Bank', domain: complete.domain, isActive: false, savedAt: '2026-01-14T10:00:00.000Z', savedBy: 'admin', fields: v1 },
          ],
        },
      }),
      'POST /api/white-label/config': (body) => ({ status: 201, body: { success: true, config: { ...(body as object), id: 'wlc_3', isActive: false }, meta: meta(3) } }),
    });
    const user = await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Manage' }));
    expect(screen.queryByRole('button', { name: 'Restore version 2' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText(/Restored version 1 as the newest version/)).toBeInTheDocument();
    const post = calls.find((c) => c.key === 'POST /api/white-label/config');
    expect(post?.body).toMatchObject({ companyName: 'Old Name Bank', primaryColor: '#1d4ed8', id: 'wlc_2' });
    await user.click(screen.getByRole('tab', { name: 'Configure' }));
    expect(screen.getByLabelText(/Company Name/)).toHaveValue('Old Name Bank');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});

describe('white-label admin: dates', () => {
  it('formats every date one way, with its time zone', () => {
    expect(formatDateTime('2026-01-15T10:00:00.000Z', 'en-GB', 'UTC')).toBe('15 Jan 2026, 10:00 UTC');
    expect(formatDateTime('2026-01-15T10:00:00.000Z', 'en-US', 'America/New_York')).toBe('Jan 15, 2026, 05:00 AM EST');
  });

  it('shows the saved time with its zone on Configure and Manage', async () => {
    mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: { ...complete, id: 'wlc_1', isActive: false }, meta: meta(1) } }) });
    const user = await renderPage();
    const shown = formatDateTime('2026-01-15T10:00:00.000Z');
    expect(shown).toMatch(/[A-Z]{2,5}|GMT|UTC/);
    expect(screen.getByText(`Version 1 saved ${shown} by admin`)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Manage' }));
    expect(screen.getByTestId('status-configuration-version')).toHaveTextContent(`saved ${shown}`);
  });
});
