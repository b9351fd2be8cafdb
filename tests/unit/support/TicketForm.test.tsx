import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TicketForm } from '@site/src/pages/support/_components/TicketForm';
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_IDS } from '@site/src/data/support';

// The form token's own fetch and timing are covered in formToken.test.ts; here it is ready at once.
jest.mock('@site/src/lib/formToken', () => ({
  formTokenSource: () => ({ renew: () => undefined, get: () => Promise.resolve('signed-form-token') }),
}));

type FetchMock = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]>;

// jsdom has no fetch Response: this stand-in offers what postJson reads.
function fakeResponse(status: number, text: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: () => Promise.resolve().then(() => JSON.parse(text) as unknown),
  } as Response;
}

function jsonResponse(status: number, body: unknown): Response {
  return fakeResponse(status, JSON.stringify(body));
}

/** A fetch whose answer the test releases, to observe the submitting state. */
function deferredFetch(): { fetch: FetchMock; resolve: (r: Response) => void; reject: (e: Error) => void } {
  let resolve!: (r: Response) => void;
  let reject!: (e: Error) => void;
  const fetch: FetchMock = jest.fn(
    (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Promise<Response>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { fetch, resolve: (r) => resolve(r), reject: (e) => reject(e) };
}

let fetchMock: FetchMock;
beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

const submitButton = () => screen.getByRole('button', { name: /Submit Ticket|Submitting/ });

async function fillRequired(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>> = {}) {
  const values = { Name: 'Ada Lovelace', Email: 'ada@example.com', Subject: 'Feed stopped', Message: 'No transactions since 9am.', ...overrides };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(new RegExp(`^${label}`)), value);
  }
}

function sentBody(call = 0): Record<string, unknown> {
  return JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as Record<string, unknown>;
}

describe('TicketForm', () => {
  it('starts idle with the spec defaults, required marks and a 6-row message box', () => {
    render(<TicketForm />);
    expect(screen.getByLabelText(/^Category/)).toHaveValue('general');
    expect(screen.getByLabelText(/^Priority/)).toHaveValue('medium');
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute('rows', '6');
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByText(label, { selector: 'label' })).toHaveTextContent(`${label} *`);
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeRequired();
    }
    expect(screen.getByText('Account ID', { selector: 'label' })).not.toHaveTextContent('*');
    const categories = within(screen.getByLabelText(/^Category/)).getAllByRole('option');
    expect(categories.map((o) => o.textContent)).toEqual(SUPPORT_CATEGORY_IDS.map((id) => SUPPORT_CATEGORIES[id].label));
    expect(submitButton()).toBeDisabled();
  });

  it.each(['Name', 'Email', 'Subject', 'Message'] as const)('keeps submit disabled while %s is empty or blank', async (field) => {
    const user = userEvent.setup();
    render(<TicketForm />);
    await fillRequired(user, { [field]: '' });
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText(new RegExp(`^${field}`)), '   ');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText(new RegExp(`^${field}`)), field === 'Email' ? 'x@example.com' : 'x');
    expect(submitButton()).toBeEnabled();
  });

  it('disables submit while submitting, then shows the ticket id; Create Another Ticket resets to an empty idle form', async () => {
    const user = userEvent.setup();
    const d = deferredFetch();
    fetchMock.mockImplementation(d.fetch);
    render(<TicketForm />);
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText(/^Priority/), 'urgent');
    await user.click(submitButton());
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveTextContent('Submitting...');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/support');
    const body = sentBody();
    expect(body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Feed stopped', priority: 'urgent', category: 'general' });
    expect(body).not.toHaveProperty('accountId');
    expect(body).not.toHaveProperty('website');
    expect(body.formToken).toBe('signed-form-token');

    await act(async () => d.resolve(jsonResponse(201, { success: true, ticketId: 'SUP-7K3M9Q' })));
    expect(await screen.findByTestId('ticket-id')).toHaveTextContent('SUP-7K3M9Q');
    expect(screen.getByText(/within 1 hour/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ticket created' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create Another Ticket' }));
    for (const label of ['Name', 'Email', 'Subject', 'Message', 'Account ID']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toHaveValue('');
    }
    expect(screen.getByLabelText(/^Priority/)).toHaveValue('medium');
    expect(screen.getByLabelText(/^Category/)).toHaveValue('general');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.queryByTestId('ticket-id')).not.toBeInTheDocument();
  });

  it('sends the account ID, trimmed, when one is given', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, ticketId: 'SUP-AAAAAA' }));
    render(<TicketForm />);
    await fillRequired(user);
    await user.type(screen.getByLabelText(/^Account ID/), '  acct_42 ');
    await user.click(submitButton());
    await screen.findByTestId('ticket-id');
    expect(sentBody().accountId).toBe('acct_42');
  });

  it('posts the value the shared schema parsed (trimmed), not the raw fields', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, ticketId: 'SUP-AAAAAA' }));
    render(<TicketForm />);
    await fillRequired(user, { Name: '  Ada Lovelace ', Email: ' ada@example.com ', Subject: ' Feed stopped  ', Message: '  No transactions since 9am. ' });
    await user.click(submitButton());
    await screen.findByTestId('ticket-id');
    expect(sentBody()).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Feed stopped', message: 'No transactions since 9am.' });
  });

  it('shows the server error text above the form and keeps the fields', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse(400, { success: false, error: 'Subject must be at most 150 characters', fields: { subject: 'Subject must be at most 150 characters' } }));
    const { container } = render(<TicketForm />);
    await fillRequired(user);
    await user.click(submitButton());
    const alert = await screen.findByText('Subject must be at most 150 characters', { selector: '[role="alert"]:not([id])' });
    expect(container.querySelector('form')!.firstElementChild).toBe(alert);
    expect(screen.getByLabelText(/^Subject/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(submitButton()).toBeEnabled();
  });

  it.each([
    ['success false without text', () => jsonResponse(500, { success: false })],
    ['a non-JSON answer', () => fakeResponse(502, '<html>Bad gateway</html>')],
    ['ok without a ticket id', () => jsonResponse(200, { success: true })],
  ])("falls back to 'Failed to create support ticket' on %s", async (_name, answer) => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(answer());
    render(<TicketForm />);
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText('Failed to create support ticket')).toHaveAttribute('role', 'alert');
  });

  it("shows 'Network error. Please try again.' when the request fails", async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<TicketForm />);
    await fillRequired(user);
    await user.click(submitButton());
    expect(await screen.findByText('Network error. Please try again.')).toHaveAttribute('role', 'alert');
    expect(submitButton()).toBeEnabled();
  });

  it('checks the email format before sending', async () => {
    const user = userEvent.setup();
    render(<TicketForm />);
    await fillRequired(user, { Email: 'not-an-email' });
    await user.click(submitButton());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Email/), '@x.io');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).not.toHaveAttribute('aria-invalid'));
  });
});
