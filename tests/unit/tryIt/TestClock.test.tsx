import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import TestClock from '@site/src/components/TryIt/TestClock';
import type { SandboxKey } from '@site/src/components/TryIt/sandboxKey';
import { TRY_IT_CLOCK_COPY as COPY } from '@site/src/data/tryItClock';

const KEY: SandboxKey = { key: 'sk_test_clock', plan: 'starter', expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
const allowances = { month: '2026-01', resets_at: '2026-02-01T00:00:00Z', transactions: { used: 1, limit: 1000 }, api_calls: { used: 3, limit: 10000 } };

// jsdom has no Response: the little of it the component reads.
const reply = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });

let clock = '2026-01-15T10:00:00Z';
let fetchMock: jest.Mock;
beforeEach(() => {
  clock = '2026-01-15T10:00:00Z';
  fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    if (init.method !== 'POST') return reply(200, { object: 'test_clock', frozen_time: clock, status: 'ready', allowances });
    const to = (JSON.parse(String(init.body)) as { frozen_time: string }).frozen_time;
    if (to <= clock) return reply(400, { error: { message: `Invalid frozen_time: it must be after the clock's time, ${clock}.` } });
    clock = to;
    const events = [{ id: 'evt_1', type: 'transaction.completed', created: Date.parse('2026-01-17T10:00:00Z') / 1000, data: { object: { id: 'txn_1' } } }];
    return reply(200, { object: 'test_clock', frozen_time: clock, status: 'ready', allowances, events });
  });
  window.fetch = fetchMock as unknown as typeof fetch;
});

it('shows the key\'s clock and allowances, advances by a step and lists the events with their clock times', async () => {
  render(<TestClock apiKey={KEY} />);
  expect(await screen.findByTestId('clock-time')).toHaveTextContent('2026-01-15T10:00:00Z');
  expect(screen.getByText(/Used in 2026-01: transactions: 1 of 1,000, API calls: 3 of 10,000/)).toBeInTheDocument();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '+2 days (settlement)' })));
  const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === 'POST')!;
  expect(post[0]).toBe(`${window.location.origin}/sandbox/v1/test_clock/advance`);
  expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ frozen_time: '2026-01-17T10:00:00Z' });
  expect(new Map((post[1] as RequestInit).headers as [string, string][]).get('Authorization')).toBe(`Bearer ${KEY.key}`);
  expect(screen.getByTestId('clock-time')).toHaveTextContent('2026-01-17T10:00:00Z');
  expect(screen.getByText(COPY.eventsTitle(1))).toBeInTheDocument();
  expect(within(screen.getByTestId('clock-events')).getByRole('listitem')).toHaveTextContent('2026-01-17T10:00:00Z transaction.completed txn_1');
});

it('advances to a typed time, and shows the sandbox\'s message when it refuses', async () => {
  render(<TestClock apiKey={KEY} />);
  await screen.findByTestId('clock-time');
  const input = screen.getByLabelText(COPY.advanceToLabel);
  fireEvent.change(input, { target: { value: '2026-01-01T00:00:00Z' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: COPY.advance })));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("it must be after the clock's time, 2026-01-15T10:00:00Z"));
  fireEvent.click(screen.getByRole('button', { name: COPY.nextMonth }));
  await waitFor(() => expect(screen.queryByTestId('clock-time')).toHaveTextContent('2026-02-01T00:00:00Z'));
});

it('asks for a first request when the panel has no key yet', () => {
  render(<TestClock apiKey={null} />);
  expect(screen.getByText(COPY.noKey)).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});
