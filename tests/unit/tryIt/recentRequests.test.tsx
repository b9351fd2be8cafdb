/**
 * "Recent requests" in the Try it panel (issue 26): the page key's log as a list and one entry in
 * detail, Replay (the same request again with the page's key, then the new entry on top), Copy
 * as curl through the site's one clipboard helper, and the failures a reader can meet.
 */
import { LATEST_API_VERSION } from '@site/src/data/apiVersioning';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import RecentRequests from '@site/src/components/TryIt/RecentRequests';
import LazyDisclosure from '@site/src/components/TryIt/LazyDisclosure';
import { replayRequest, type LoggedRequest } from '@site/src/components/TryIt/recentRequests';
import type { SandboxKey } from '@site/src/components/TryIt/sandboxKey';
import { COPIED_LABEL } from '@site/src/data/clipboard';
import { SANDBOX_REQUESTS_URL } from '@site/src/data/sandbox';
import { TRY_IT_COPY } from '@site/src/data/tryIt';
import { RECENT_REQUESTS_COPY as COPY } from '@site/src/data/tryItRecentRequests';

const KEY: SandboxKey = { key: 'sk_test_page', plan: 'business', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
const ORIGIN = window.location.origin;

function entry(id: string, over: Partial<LoggedRequest> = {}): LoggedRequest {
  return {
    id,
    created: '2026-11-25T10:00:00.000Z',
    clockTime: '2026-11-25T09:59:00Z',
    method: 'GET',
    path: '/sandbox/v1/banking/accounts',
    query: 'limit=2',
    status: 200,
    durationMs: 4,
    request: { headers: { authorization: 'Bearer [redacted]', 'x-api-version': '2024-01-01', 'user-agent': 'curl/8.14.1' }, body: null },
    response: { body: { data: [], has_more: false } },
    apiVersion: null,
    ...over,
  };
}

const POST = entry('req_post', {
  method: 'POST',
  path: '/sandbox/v1/payments',
  query: '',
  status: 201,
  durationMs: 12,
  request: {
    headers: { authorization: 'Bearer [redacted]', 'x-api-version': '2024-01-01', 'x-plan-type': 'business', 'content-type': 'application/json', 'idempotency-key': 'once', host: 'x' },
    body: { amount: 1250, currency: 'EUR' },
  },
  response: { body: { id: 'pay_1', status: 'pending' } },
});

// jsdom has no Response: the little of it the component reads.
const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: status === 201 ? 'Created' : status === 200 ? 'OK' : '',
  headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
  json: async () => body,
  text: async () => JSON.stringify(body),
});

let log: LoggedRequest[];
let fetchMock: jest.Mock;
const writeText = jest.fn<Promise<void>, [string]>();

beforeEach(() => {
  log = [entry('req_get'), POST];
  fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    if (url === SANDBOX_REQUESTS_URL) return reply(200, { data: log });
    // A replay: the sandbox answers and logs it on top.
    const id = `req_replay_${log.length}`;
    const u = new URL(url);
    log = [entry(id, { method: init.method ?? 'GET', path: u.pathname, query: u.search.slice(1), status: 201 }), ...log];
    return reply(201, { id: 'pay_2' }, { 'request-id': id });
  });
  window.fetch = fetchMock as unknown as typeof fetch;
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

const list = () => screen.getByRole('list', { name: COPY.listLabel });
const entries = () => within(list()).getAllByRole('button');
const detail = () => screen.getByTestId('recent-detail');

describe('the list and one request in detail', () => {
  it('asks for the page key’s log and lists it newest first, with method, path, status, time and duration', async () => {
    render(<RecentRequests apiKey={KEY} />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledWith(SANDBOX_REQUESTS_URL, expect.objectContaining({ headers: { Authorization: 'Bearer sk_test_page' } }));
    const [first, second] = entries();
    expect(first).toHaveTextContent(/^GET\/sandbox\/v1\/banking\/accounts\?limit=2200.*4 ms$/);
    expect(second).toHaveTextContent('POST/sandbox/v1/payments201');
    expect(second).toHaveTextContent('12 ms');
    expect(first!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-25T10:00:00.000Z');
    expect(screen.getByRole('status')).toHaveTextContent(COPY.count(2));
  });

  it('shows the newest in detail first; a click or the arrow keys show another, highlighted as JSON', async () => {
    render(<RecentRequests apiKey={KEY} />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(entries()[0]).toHaveAttribute('aria-pressed', 'true');
    expect(within(detail()).getByTestId('recent-request-id')).toHaveTextContent('req_get');
    // The key's test clock when it was answered, beside the real time.
    expect(within(detail()).getByTestId('recent-clock-time')).toHaveTextContent('2026-11-25T09:59:00Z');
    // One tab stop for the list; the arrows move between its buttons.
    expect(entries().map((b) => b.tabIndex)).toEqual([0, -1]);
    entries()[0]!.focus();
    fireEvent.keyDown(entries()[0]!, { key: 'ArrowDown' });
    expect(entries()[1]).toHaveFocus();
    expect(entries()[1]).toHaveAttribute('aria-pressed', 'true');
    expect(entries()[0]).toHaveAttribute('aria-pressed', 'false');
    const blocks = within(detail()).getAllByTestId('code-block');
    expect(blocks.map((b) => b.getAttribute('data-language'))).toEqual(['json', 'json', 'json']);
    expect(JSON.parse(blocks[0]!.textContent ?? '')).toMatchObject({ 'idempotency-key': 'once' });
    expect(JSON.parse(blocks[1]!.textContent ?? '')).toEqual({ amount: 1250, currency: 'EUR' });
    expect(JSON.parse(blocks[2]!.textContent ?? '')).toEqual({ id: 'pay_1', status: 'pending' });

    fireEvent.click(entries()[0]!);
    expect(within(detail()).getByTestId('recent-request-id')).toHaveTextContent('req_get');
    // A GET has no body: said so, not an empty code block.
    expect(within(detail()).getByText(COPY.emptyBody)).toBeInTheDocument();
  });

  it('says there is nothing yet for a new key, and asks for a Send when there is no key at all', async () => {
    log = [];
    const { rerender } = render(<RecentRequests apiKey={KEY} />);
    await screen.findByText(COPY.empty);
    rerender(<RecentRequests apiKey={null} />);
    expect(screen.getByText(COPY.noKey)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reloads on Refresh and after each answer the panel gets (a request from a terminal then shows)', async () => {
    const { rerender } = render(<RecentRequests apiKey={KEY} refreshOn={null} />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    log = [entry('req_terminal', { path: '/sandbox/v1/banking/transactions', query: '' }), ...log];
    fireEvent.click(screen.getByRole('button', { name: COPY.refresh }));
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries()[0]).toHaveTextContent('/sandbox/v1/banking/transactions');
    log = [entry('req_send'), ...log];
    rerender(<RecentRequests apiKey={KEY} refreshOn={{ answer: 2 }} />);
    await waitFor(() => expect(entries()).toHaveLength(4));
  });
});

describe('Replay and Copy as curl', () => {
  it('replays the same method, path, query and body with the page key and API headers, then shows the new entry on top', async () => {
    render(<RecentRequests apiKey={KEY} />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    fireEvent.click(entries()[1]!);
    fireEvent.click(within(detail()).getByRole('button', { name: COPY.replay }));
    await waitFor(() => expect(entries()).toHaveLength(3));

    const [url, init] = fetchMock.mock.calls.find(([u]) => u !== SANDBOX_REQUESTS_URL) as [string, RequestInit];
    expect(url).toBe(`${ORIGIN}/sandbox/v1/payments`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ amount: 1250, currency: 'EUR' });
    // The page key replaces the redacted one; the Idempotency-Key stays behind so the request runs anew.
    expect(init.headers).toEqual([
      ['Authorization', 'Bearer sk_test_page'],
      ['X-API-Version', '2024-01-01'],
      ['X-Plan-Type', 'business'],
      ['Content-Type', 'application/json'],
    ]);
    expect(entries()[0]).toHaveTextContent('POST/sandbox/v1/payments201');
    expect(entries()[0]).toHaveAttribute('aria-pressed', 'true');
    expect(within(detail()).getByTestId('recent-request-id')).toHaveTextContent('req_replay_2');
    expect(screen.getByRole('status')).toHaveTextContent(COPY.replayed('201 Created'));
  });

  it('copies the request as curl with the page key, through the one clipboard helper', async () => {
    render(<RecentRequests apiKey={KEY} />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    await act(async () => {
      fireEvent.click(within(detail()).getByRole('button', { name: COPY.copyCurl }));
    });
    expect(writeText).toHaveBeenCalledWith(
      `curl '${ORIGIN}/sandbox/v1/banking/accounts?limit=2' \\\n  -H 'Authorization: Bearer sk_test_page' \\\n  -H 'X-API-Version: 2024-01-01'`,
    );
    expect(within(detail()).getByRole('button', { name: COPIED_LABEL })).toBeInTheDocument();
  });

  it('refuses to replay a body the log cut, or anything outside the sandbox', () => {
    const cut = entry('req_cut', { method: 'POST', request: { headers: {}, body: '{"memo":"xx…[truncated: 9000 bytes in all, the first 8192 kept]' } });
    expect(replayRequest(cut, { origin: ORIGIN, key: 'k' })).toEqual({ ok: false, message: COPY.truncated });
    expect(replayRequest(entry('req_api', { path: '/api/sandbox/keys' }), { origin: ORIGIN, key: 'k' })).toEqual({ ok: false, message: COPY.notSandbox });
    expect(replayRequest(entry('req_ok'), { origin: ORIGIN, key: 'k' })).toMatchObject({ ok: true, request: { url: `${ORIGIN}/sandbox/v1/banking/accounts?limit=2`, body: null } });
  });

  it('replays a request answered in the key\'s pinned version in that version, named in its header', () => {
    const pinned = entry('req_pin', { request: { headers: {}, body: null }, apiVersion: LATEST_API_VERSION });
    const built = replayRequest(pinned, { origin: ORIGIN, key: 'k' });
    expect(built.ok && built.request.headers).toEqual(expect.arrayContaining([['X-API-Version', LATEST_API_VERSION]]));
    // A header sent is replayed as sent.
    const sent = replayRequest(entry('req_v1', { apiVersion: 'v1' }), { origin: ORIGIN, key: 'k' });
    expect(sent.ok && sent.request.headers.filter(([n]) => n === 'X-API-Version')).toEqual([['X-API-Version', '2024-01-01']]);
  });
});

describe('failures', () => {
  it('explains an expired key (401) instead of showing an empty log', async () => {
    fetchMock.mockImplementation(async () => reply(401, { success: false, error: 'Invalid or expired sandbox key.' }));
    render(<RecentRequests apiKey={KEY} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY.expired);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the sandbox cannot be reached, and recovers on Refresh', async () => {
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<RecentRequests apiKey={KEY} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(TRY_IT_COPY.networkError);
    fetchMock.mockImplementation(real);
    fireEvent.click(screen.getByRole('button', { name: COPY.refresh }));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s own message for other refusals', async () => {
    fetchMock.mockImplementation(async () => reply(429, { success: false, error: 'Too many requests.' }));
    render(<RecentRequests apiKey={KEY} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY.loadError('Too many requests.'));
  });
});

describe('the section in the panel', () => {
  it('is a collapsed disclosure button that loads and shows the log only once expanded', async () => {
    render(
      <LazyDisclosure label={COPY.toggle} loading={COPY.loading} testId="recent-requests">
        <RecentRequests apiKey={KEY} />
      </LazyDisclosure>,
    );
    const toggle = screen.getByRole('button', { name: COPY.toggle });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(toggle.getAttribute('aria-controls')).toBe(screen.getByTestId('recent-requests').id);
  });
});
