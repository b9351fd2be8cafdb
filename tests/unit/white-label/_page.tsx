import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WhiteLabelPage from '@site/src/pages/white-label';

/** Renders the admin page and waits until its config has loaded (Save is enabled). */
export async function renderPage() {
  const user = userEvent.setup();
  render(<WhiteLabelPage />);
  await waitFor(() => expect(screen.getByRole('button', { name: /Save Configuration/ })).toBeEnabled());
  return user;
}

/** Every admin page test starts at /white-label with the font loader's warnings silenced. */
export function setUpPageTests(): void {
  beforeEach(() => {
    window.history.replaceState(null, '', '/white-label');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());
}
