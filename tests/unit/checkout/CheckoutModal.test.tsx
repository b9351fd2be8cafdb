import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import CheckoutModal from '@site/src/components/CheckoutModal';
import { getPlan, PLANS, type Plan } from '@site/src/data/plans';
import { TIMINGS } from '@site/src/data/timings';
import { callOf, failingFetch, jsonFetch, pendingFetch } from './_helpers';

const business = getPlan('business');

function renderModal(plan: Plan | null = business, navigate = jest.fn(), onClose = jest.fn()) {
  const utils = render(<CheckoutModal plan={plan} onClose={onClose} navigate={navigate} />);
  return { ...utils, navigate, onClose };
}

async function fill(user: ReturnType<typeof userEvent.setup>, name = 'Ada Lovelace', email = 'ada@example.com') {
  if (name) await user.type(screen.getByLabelText(/Full Name/), name);
  if (email) await user.type(screen.getByLabelText(/Email Address/), email);
}

const submitButton = () => screen.getByRole('button', { name: /Complete Purchase|Processing/ });

describe('CheckoutModal', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('renders nothing while closed', () => {
    renderModal(null);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(PLANS.map((p) => [p.id, p] as const))('opens with the %s plan name, price and features, and empty labelled fields', (_id, plan) => {
    renderModal(plan);
    const dialog = screen.getByRole('dialog', { name: 'Complete your subscription' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent(plan.name);
    expect(dialog).toHaveTextContent(`$${plan.price}/month`);
    for (const f of plan.features) expect(dialog).toHaveTextContent(f);
    expect(dialog).toHaveTextContent(/Demo payment system/);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('');
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('type', 'email');
  });

  it('opens with focus on the dialog, then Tab reaches Close before the fields', async () => {
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByRole('dialog')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close checkout' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText(/Full Name/)).toHaveFocus();
  });

  it('validates with the shared schema before calling the server', async () => {
    const fetch = jsonFetch(200, {});
    global.fetch = fetch;
    const user = userEvent.setup();
    renderModal();
    await user.click(submitButton());
    expect(fetch).not.toHaveBeenCalled();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual(['Full name is required', 'Email address is required']);
    expect(screen.getByLabelText(/Full Name/)).toHaveAttribute('aria-invalid', 'true');

    await fill(user, 'Ada', 'not-an-email');
    await user.click(submitButton());
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('disables the button with a spinner while submitting, then shows the processing message and goes to /success after 2 s', async () => {
    const pending = pendingFetch();
    global.fetch = pending.fetch;
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest.useFakeTimers();
    const { navigate } = renderModal();
    await fill(user);
    await user.click(submitButton());
    // Validation awaits the lazily loaded schemas (src/lib/lazySchemas.ts), a microtask when loaded.
    await waitFor(() => expect(submitButton()).toBeDisabled());
    expect(screen.getByRole('status', { name: 'Submitting' })).toBeInTheDocument();
    const call = callOf(pending.fetch);
    expect(call.url).toBe('/api/checkout');
    expect(call.body).toEqual({ planId: 'business', customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' });
    expect(call.headers['Content-Type']).toBe('application/json');
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);

    const url = '/success?plan=business&name=Ada%20Lovelace&order=ord_1';
    await act(async () => pending.resolve(200, { success: true, checkoutUrl: url }));
    expect(screen.getByText('Processing payment... Please wait.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(TIMINGS.checkoutRedirectMs - 1));
    expect(navigate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(navigate).toHaveBeenCalledWith(url);
  });

  it.each([
    ['the server text', 400, { success: false, error: 'Please choose a valid plan' }, 'Please choose a valid plan'],
    ['Checkout failed when the server gives no text', 500, { success: false }, 'Checkout failed'],
    ['Checkout failed when the answer is not JSON', 502, undefined, 'Checkout failed'],
    ['Checkout failed on success without a checkoutUrl', 200, { success: true }, 'Checkout failed'],
  ])('shows %s and keeps the form open', async (_label, status, body, message) => {
    global.fetch = jsonFetch(status, body);
    const user = userEvent.setup();
    const { navigate } = renderModal();
    await fill(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Ada Lovelace');
    expect(submitButton()).toBeEnabled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the network message when the request gets no answer, and retries with the same Idempotency-Key', async () => {
    const fetch = failingFetch();
    global.fetch = fetch;
    const user = userEvent.setup();
    renderModal();
    await fill(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
    await user.click(submitButton());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(callOf(fetch, 1).headers['Idempotency-Key']).toBe(callOf(fetch, 0).headers['Idempotency-Key']);

    // A changed order is a new attempt with a new key.
    await user.type(screen.getByLabelText(/Full Name/), ' Byron');
    await user.click(submitButton());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(callOf(fetch, 2).headers['Idempotency-Key']).not.toBe(callOf(fetch, 0).headers['Idempotency-Key']);
  });

  it('closes on Escape and on the close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close checkout' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  // The Tab trap is the browser's own (showModal makes the page behind inert), which jsdom does
  // not have: tests/e2e/checkout/checkout.e2e.ts checks it in Chromium.

  function Harness() {
    const [plan, setPlan] = useState<Plan | null>(null);
    return (
      <>
        <button type="button" onClick={() => setPlan(business)}>
          Choose Plan
        </button>
        <span data-testid="selected">{plan?.id ?? 'none'}</span>
        <CheckoutModal plan={plan} onClose={() => setPlan(null)} navigate={jest.fn()} />
      </>
    );
  }

  it('clears the selected plan on close, returns focus to the opener and starts empty next time', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Choose Plan' });
    await user.click(opener);
    expect(screen.getByTestId('selected')).toHaveTextContent('business');
    await user.type(screen.getByLabelText(/Full Name/), 'Ada');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('selected')).toHaveTextContent('none');
    expect(opener).toHaveFocus();
    await user.click(opener);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
  });
});
