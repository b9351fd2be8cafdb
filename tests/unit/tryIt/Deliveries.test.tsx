/**
 * The deliveries list of the webhook operations' Try it panels: read with the panel's key,
 * shown with their status, and read again while one is pending (the statuses of real
 * deliveries: pending, succeeded, failed).
 */
import { act, render, screen, within } from '@testing-library/react';
import { API_VERSION } from '@site/src/data/apiReference';
import { SANDBOX_BASE_PATH } from '@site/src/data/sandbox';
import { DELIVERIES_COPY, DELIVERIES_REFRESH_MS } from '@site/src/data/tryItDeliveries';
import Deliveries, { type Delivery } from '@site/src/components/TryIt/Deliveries';

const KEY = { key: 'sk_test_abc', plan: 'business' as const, expiresAt: '2099-01-01T00:00:00Z' };
const delivery = (id: string, status: string): Delivery => ({ id, status, event_type: 'payment.succeeded', created_at: '2026-11-25T12:00:00Z' });
// jsdom has no Response: the little of it the list reads.
const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });

describe('Deliveries', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('lists the webhook\'s deliveries with their status, read with the panel\'s key', async () => {
    const fetchMock = jest.fn(async (..._args: unknown[]) => answer(200, { data: [delivery('whd_2', 'failed'), delivery('whd_1', 'succeeded')], has_more: false }));
    window.fetch = fetchMock as unknown as typeof fetch;
    render(<Deliveries webhookId="wh_1" sandboxKey={KEY} answered={null} />);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}${SANDBOX_BASE_PATH}/webhooks/wh_1/deliveries`);
    const headers = Object.fromEntries(init.headers as [string, string][]);
    expect(headers).toEqual(expect.objectContaining({ Authorization: 'Bearer sk_test_abc', 'X-API-Version': API_VERSION, 'X-Plan-Type': 'business' }));
    const rows = within(screen.getByRole('region', { name: DELIVERIES_COPY.title('wh_1') })).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByTestId('delivery-status').textContent)).toEqual(['failed', 'succeeded']);
    expect(screen.queryByText(DELIVERIES_COPY.refreshing)).toBeNull();
    // Nothing pending: nothing read again.
    await act(() => jest.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the list again while a delivery is pending, and stops once it settled', async () => {
    const answers = [[delivery('whd_1', 'pending')], [delivery('whd_1', 'pending')], [delivery('whd_1', 'succeeded')]];
    const fetchMock = jest.fn(async (..._args: unknown[]) => answer(200, { data: answers.shift() ?? [delivery('whd_1', 'succeeded')], has_more: false }));
    window.fetch = fetchMock as unknown as typeof fetch;
    render(<Deliveries webhookId="wh_1" sandboxKey={KEY} answered={null} />);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(screen.getByTestId('delivery-status').textContent).toBe('pending');
    expect(screen.getByText(DELIVERIES_COPY.refreshing)).toBeTruthy();
    await act(() => jest.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS + 100));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(() => jest.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS + 100));
    expect(screen.getByTestId('delivery-status').textContent).toBe('succeeded');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await act(() => jest.advanceTimersByTimeAsync(DELIVERIES_REFRESH_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reads again after each answer of the panel, and shows the sandbox\'s message when refused', async () => {
    const fetchMock = jest.fn(async (..._args: unknown[]) => answer(200, { data: [], has_more: false }));
    window.fetch = fetchMock as unknown as typeof fetch;
    const { rerender } = render(<Deliveries webhookId="wh_1" sandboxKey={KEY} answered={null} />);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText(DELIVERIES_COPY.empty)).toBeTruthy();
    fetchMock.mockImplementation(async () => answer(404, { error: { message: 'No such webhook: wh_1' } }));
    rerender(<Deliveries webhookId="wh_1" sandboxKey={KEY} answered={{ status: 201 }} />);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert').textContent).toBe(DELIVERIES_COPY.error('No such webhook: wh_1'));
  });
});
