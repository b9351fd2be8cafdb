import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';
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

type Reply = { status: number; body: unknown };

/** Answers fetch by "METHOD url"; records every call with its parsed body. */
export function mockApi(handlers: Record<string, (body: unknown) => Reply>) {
  const calls: { key: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ key, body });
    const { status, body: answer } = handlers[key]?.(body) ?? { status: 200, body: { success: true, versions: [] } };
    return { ok: status >= 200 && status < 300, status, json: async () => answer } as Response;
  }) as typeof fetch;
  return calls;
}

/** A configuration with every deploy step's fields filled in. */
export const complete = { ...WHITE_LABEL_DEFAULTS, domain: 'bank.acme.example', logoUrl: 'https://cdn.example/l.png', faviconUrl: 'https://cdn.example/f.ico' };
export const meta = (version: number, lastDeployment: unknown = null) => ({ version, savedAt: '2026-01-15T10:00:00.000Z', savedBy: 'admin', lastDeployment });
