import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactForm from '@site/src/pages/_landing/ContactForm';
import { LANDING_CONTACT } from '@site/src/data/landing';
import { contactRequestSchema } from '@site/src/schemas';
import { MIN_FILL_MS } from '@site/src/schemas/common';
import { callOf, failingFetch, jsonFetch, pendingFetch } from '../checkout/_helpers';

// The form token's own fetch and timing are covered in formToken.test.ts; here it is ready at once.
jest.mock('@site/src/lib/formToken', () => ({
  formTokenSource: () => ({ renew: () => undefined, get: () => Promise.resolve('signed-form-token') }),
}));

const sendButton = () => screen.getByRole('button', { name: /Send Message|Sending/ });

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Message/), 'Hello sales');
}

describe('contact form', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('has a 4-row message box and optional company and phone', () => {
    render(<ContactForm />);
    expect(screen.getByLabelText(/^Message/)).toHaveAttribute('rows', '4');
    expect(screen.getByLabelText(/^Company/)).not.toBeRequired();
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('type', 'tel');
  });

  it('keeps submit disabled until name, email and message are filled', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Message/), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    expect(sendButton()).toBeEnabled();
  });

  it('checks the email format before sending', async () => {
    const fetch = jsonFetch(200, { success: true });
    global.fetch = fetch;
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    await user.click(sendButton());
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('goes idle → sending → success, then Send Another Message returns to an empty form', async () => {
    const pending = pendingFetch();
    global.fetch = pending.fetch;
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillRequired(user);
    await user.type(screen.getByLabelText(/^Company/), 'Engines Ltd');
    now += MIN_FILL_MS + 5000;
    await user.click(sendButton());
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveTextContent('Sending...');
    const { url, body } = callOf(pending.fetch);
    expect(url).toBe('/api/contact');
    expect(body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello sales', company: 'Engines Ltd', phone: '', website: '', formToken: 'signed-form-token' });

    await act(async () => pending.resolve(200, { success: true }));
    expect(screen.getByRole('status')).toHaveTextContent('within 24 hours');
    expect(screen.queryByRole('form')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText(/^Message/)).toHaveValue('');
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(sendButton()).toBeDisabled();
  });

  it.each([
    ['the server text', jsonFetch(429, { success: false, error: 'Too many requests. Please wait a minute and try again.' }), 'Too many requests. Please wait a minute and try again.'],
    ['Failed to send message without server text', jsonFetch(500, { success: false }), 'Failed to send message'],
    ['Failed to send message on a non-JSON answer', jsonFetch(502, undefined), 'Failed to send message'],
    ['the network message', failingFetch(), 'Network error. Please try again.'],
  ])('shows %s above the form and keeps what was typed', async (_label, fetch, message) => {
    global.fetch = fetch;
    const user = userEvent.setup();
    const { container } = render(<ContactForm />);
    await fillRequired(user);
    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const form = container.querySelector('form')!;
    expect(form.firstElementChild).toBe(alert.closest('form > *'));
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello sales');
    expect(sendButton()).toBeEnabled();
  });

  it('shows server field errors beside the fields', async () => {
    global.fetch = jsonFetch(400, { success: false, error: 'Phone must be at most 40 characters', fields: { phone: 'Phone must be at most 40 characters' } });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillRequired(user);
    await user.click(sendButton());
    await screen.findAllByRole('alert');
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('contact form: hints, phone format, follow-up button', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('says why Send is disabled, and drops the hint once it is enabled', async () => {
    const user = userEvent.setup();
    render(<ContactForm />);
    const send = screen.getByRole('button', { name: /Send Message/ });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(LANDING_CONTACT.sendHint);
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    expect(send).toBeEnabled();
    expect(screen.queryByText(LANDING_CONTACT.sendHint)).toBeNull();
  });

  it('refuses a phone number with letters, in the form and in the shared schema', async () => {
    const fetch = jsonFetch(200, { success: true });
    global.fetch = fetch;
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Phone/), 'call me maybe');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    now += MIN_FILL_MS + 5000;
    await user.click(screen.getByRole('button', { name: /Send Message/ }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
    const base = { name: 'Ada', email: 'ada@example.com', message: 'Hi', website: '', formToken: 'signed-form-token' };
    expect(contactRequestSchema.safeParse({ ...base, phone: '+44 (20) 7946-0958' }).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...base, phone: '' }).success).toBe(true);
    expect(contactRequestSchema.safeParse({ ...base, phone: '555-CALL-NOW' }).success).toBe(false);
  });

  it('offers Send Another Message at the same size as Send Message', async () => {
    global.fetch = jsonFetch(200, { success: true });
    const user = userEvent.setup();
    render(<ContactForm />);
    const sendClass = screen.getByRole('button', { name: /Send Message/ }).className;
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Hi');
    now += MIN_FILL_MS + 5000;
    await user.click(screen.getByRole('button', { name: /Send Message/ }));
    const again = await screen.findByRole('button', { name: LANDING_CONTACT.againLabel });
    expect(again.className).toBe(sendClass);
  });
});
