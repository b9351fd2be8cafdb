import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockApi, renderPage, setUpPageTests } from './_page';

// The font files are binary build assets; the page's behavior does not depend on them.
jest.mock('@site/src/pages/white-label/_components/fonts', () => ({ useSelfHostedFonts: () => undefined }));
jest.setTimeout(20_000);

setUpPageTests();

describe('white-label admin: Configure sub-tabs', () => {
  it('follow the WAI-ARIA tabs pattern: arrows, Home/End, roving tabindex, labelled panels', async () => {
    mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: null, meta: null } }) });
    await renderPage();
    const list = screen.getByRole('tablist', { name: 'Configuration sections' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    act(() => tabs[0]!.focus());
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    expect(screen.getByRole('tabpanel', { name: 'Colors' })).toBeVisible();
    fireEvent.keyDown(tabs[1]!, { key: 'End' });
    expect(tabs[2]).toHaveFocus();
    fireEvent.keyDown(tabs[2]!, { key: 'Home' });
    expect(tabs[0]).toHaveFocus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Contact' })).toHaveAttribute('aria-labelledby', tabs[2]!.id);
  });
});
