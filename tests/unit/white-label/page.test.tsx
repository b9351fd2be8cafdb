import { act, render, screen, within } from '@testing-library/react';
import { WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';
import WhiteLabelPage from '@site/src/pages/white-label';
import { renderPage, setUpPageTests } from './_page';
import { INVALID_MESSAGE, MESSAGES } from '@site/src/pages/white-label/_utils/messages';

// The font files are binary build assets; the page's behavior does not depend on them.
jest.mock('@site/src/pages/white-label/_components/fonts', () => ({ useSelfHostedFonts: () => undefined }));

type Handler = (url: string, init?: RequestInit) => { status: number; body: unknown } | Promise<never>;

/** Routes fetch calls to per-test handlers and records what the page sent. */
function mockApi(handlers: Record<string, Handler>) {
  const calls: { url: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ url: key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const handler = handlers[key];
    // jsdom has no Response: hand back the part of it the page reads.
    const { status, body } = handler ? await handler(url, init) : { status: 200, body: { success: true, versions: [] } };
    return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
  }) as typeof fetch;
  return calls;
}

// jsdom's Blob has no text(); FileReader does the same job.
const readBlob = (b: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(b);
  });

// Typing with user-event is slow in jsdom; the longest flows need more than jest's 5 s.
jest.setTimeout(20_000);

const saved = (over: Record<string, unknown> = {}) => ({ ...WHITE_LABEL_DEFAULTS, id: 'wlc_1', isActive: false, ...over });
const meta = { version: 1, savedAt: '2026-01-15T10:00:00.000Z', savedBy: 'admin', lastDeployment: null };

setUpPageTests();

describe('white-label admin page', () => {
  it('shows a sign-in state, not the form, when the API asks for credentials', async () => {
    // Reached by client-side navigation: the browser has not sent the admin password yet.
    mockApi({ 'GET /api/white-label/config': () => ({ status: 401, body: { success: false, error: 'Authentication required' } }) });
    render(<WhiteLabelPage />);
    expect(await screen.findByRole('heading', { name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Save Configuration/ })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByLabelText(/Company Name/)).toBeNull();
  });

  it('loads the saved configuration into the form and the preview', async () => {
    mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: saved({ companyName: 'Acme Bank' }), meta } }) });
    await renderPage();
    expect(screen.getByLabelText(/Company Name/)).toHaveValue('Acme Bank');
    expect(screen.getByTestId('preview-company')).toHaveTextContent('Acme Bank');
  });

  it('keeps the defaults and shows nothing when the load fails (only logged)', async () => {
    mockApi({ 'GET /api/white-label/config': () => Promise.reject(new TypeError('offline')) });
    await renderPage();
    expect(screen.getByLabelText(/Company Name/)).toHaveValue('Your Company');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
  });

  it('updates the preview on every keystroke', async () => {
    mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: null, meta: null } }) });
    const user = await renderPage();
    const name = screen.getByLabelText(/Company Name/);
    await user.clear(name);
    await user.type(name, 'Ac');
    expect(screen.getByTestId('preview-company')).toHaveTextContent('Ac');
    await user.type(name, 'me');
    expect(screen.getByTestId('preview-company')).toHaveTextContent('Acme');
  });

  it('posts the full configuration and shows the spec messages', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: null, meta: null } }),
      'POST /api/white-label/config': (_u, init) =>
        fail ? { status: 500, body: { success: false, error: 'boom' } } : { status: 201, body: { success: true, config: { ...JSON.parse(String(init!.body)), id: 'wlc_9', isActive: false }, meta } },
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /Save Configuration/ }));
    expect(await screen.findByText('Failed to save configuration. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Save Configuration/ }));
    expect(await screen.findByText('Configuration saved successfully!')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === 'POST /api/white-label/config').at(-1)!.body).toEqual({ ...WHITE_LABEL_DEFAULTS });
  });

  it('does not post an invalid configuration: field error and a fix-it banner (not the server-failure one) that goes once fixed', async () => {
    const calls = mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: null, meta: null } }) });
    const user = await renderPage();
    await user.type(screen.getByLabelText('Logo URL'), 'http://insecure.example/logo.png');
    await user.click(screen.getByRole('button', { name: /Save Configuration/ }));
    expect(await screen.findByText(INVALID_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.saveError)).toBeNull();
    expect(screen.getByLabelText('Logo URL')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url.startsWith('POST'))).toBe(false);
    await user.clear(screen.getByLabelText('Logo URL'));
    await user.type(screen.getByLabelText('Logo URL'), 'https://cdn.example/logo.png');
    expect(screen.getByLabelText('Logo URL')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(INVALID_MESSAGE)).toBeNull();
    expect(screen.queryByText(MESSAGES.saveError)).toBeNull();
  });

  it('enables deploy only when steps 1-3 are done, then shows Platform Active', async () => {
    const complete = saved({ domain: 'bank.acme.example', logoUrl: 'https://cdn.example/l.png', faviconUrl: 'https://cdn.example/f.ico' });
    const calls = mockApi({
      'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: saved(), meta } }),
      'POST /api/white-label/config': () => ({ status: 201, body: { success: true, config: { ...complete, id: 'wlc_2' }, meta: { ...meta, version: 2 } } }),
      'POST /api/white-label/deploy': () => ({ status: 201, body: { success: true, config: { ...complete, id: 'wlc_2', isActive: true }, meta, deployment: {}, alreadyActive: false } }),
    });
    const user = await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Deploy' }));
    const panel = screen.getByRole('tabpanel', { name: 'Deploy' });
    const button = within(panel).getByRole('button', { name: /Deploy Platform/ });
    expect(button).toBeDisabled();
    expect(within(panel).getByText('Please complete the configuration steps before deploying.')).toBeInTheDocument();
    expect(screen.getByTestId('step-configSaved')).toHaveAttribute('data-done', 'true');

    await user.click(screen.getByRole('tab', { name: 'Configure' }));
    await user.type(screen.getByLabelText('Domain'), 'bank.acme.example');
    await user.type(screen.getByLabelText('Logo URL'), 'https://cdn.example/l.png');
    await user.type(screen.getByLabelText('Favicon URL'), 'https://cdn.example/f.ico');
    await user.click(screen.getByRole('tab', { name: 'Deploy' }));
    expect(button).toBeEnabled();
    expect(within(panel).queryByText('Please complete the configuration steps before deploying.')).not.toBeInTheDocument();

    await user.click(button);
    expect(await within(panel).findByText('Platform deployed successfully!')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Platform Active/ })).toBeDisabled();
    // Unsaved edits were saved first, and the saved version is what was deployed.
    expect(calls.map((c) => c.url).filter((u) => u.startsWith('POST'))).toEqual(['POST /api/white-label/config', 'POST /api/white-label/deploy']);
    expect(calls.find((c) => c.url === 'POST /api/white-label/deploy')!.body).toEqual({ configId: 'wlc_2' });
  });

  it('shows the deploy failure message', async () => {
    const complete = saved({ domain: 'bank.acme.example', logoUrl: 'https://cdn.example/l.png', faviconUrl: 'https://cdn.example/f.ico' });
    mockApi({
      'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: complete, meta } }),
      'POST /api/white-label/deploy': () => ({ status: 500, body: { success: false, error: 'down' } }),
    });
    const user = await renderPage();
    await user.click(screen.getByRole('tab', { name: 'Deploy' }));
    await user.click(screen.getByRole('button', { name: /Deploy Platform/ }));
    expect(await screen.findByText('Deployment failed. Please contact support.')).toBeInTheDocument();
  });

  it('follows the WAI-ARIA tabs pattern', async () => {
    mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: null, meta: null } }) });
    const user = await renderPage();
    const configure = screen.getByRole('tab', { name: 'Configure' });
    expect(configure).toHaveAttribute('aria-selected', 'true');
    configure.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Deploy' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Deploy' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Manage' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Configure' })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.hash).toBe('#configure');
  });

  it('downloads <company>-white-label-config.json', async () => {
    mockApi({ 'GET /api/white-label/config': () => ({ status: 200, body: { success: true, config: saved({ companyName: 'Acme Bank Ltd' }), meta } }) });
    let blob: Blob | undefined;
    URL.createObjectURL = jest.fn((b: Blob) => {
      blob = b;
      return 'blob:test';
    });
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Download Config' }));
    expect(names).toEqual(['acme-bank-ltd-white-label-config.json']);
    const file = JSON.parse(await readBlob(blob!)) as Record<string, unknown>;
    expect(file).toMatchObject({ companyName: 'Acme Bank Ltd', id: 'wlc_1' });
    expect(typeof file.customCSS).toBe('string');
    expect(new Date(String(file.generatedAt)).toISOString()).toBe(file.generatedAt);
    await act(async () => undefined);
  });
});
