import { screen, within } from '@testing-library/react';
import { complete, meta, mockApi, renderPage, setUpPageTests } from './_page';

// The font files are binary build assets; the page's behavior does not depend on them.
jest.mock('@site/src/pages/white-label/_components/fonts', () => ({ useSelfHostedFonts: () => undefined }));
jest.setTimeout(20_000);

setUpPageTests();

describe('white-label admin: unsaved edits', () => {
  it('shows "Unsaved changes" on every tab and warns before leaving, until saved', async () => {
    mockApi({
      'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: { ...complete, id: 'wlc_1', isActive: false }, meta: meta(1) } }),
      'POST /api/white-label/config': (body) => ({ status: 201, body: { success: true, config: { ...(body as object), id: 'wlc_2', isActive: false }, meta: meta(2) } }),
    });
    const user = await renderPage();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(screen.getByLabelText(/Company Name/), ' X');
    expect(leave()).toBe(true);
    expect(screen.getAllByText('Unsaved changes').length).toBeGreaterThanOrEqual(2);
    await user.click(screen.getByRole('tab', { name: 'Deploy' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Deploy' })).getByText(/Unsaved changes/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Configure' }));
    await user.click(screen.getByRole('button', { name: /Save Configuration/ }));
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(leave()).toBe(false);
  });

  it('counts edits before the first save as unsaved too', async () => {
    mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: null, meta: null } }) });
    const user = await renderPage();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await user.type(screen.getByLabelText('Domain'), 'bank.example');
    expect(screen.getAllByText('Unsaved changes').length).toBeGreaterThanOrEqual(1);
  });
});
