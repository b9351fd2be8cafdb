import { act, renderHook, waitFor } from '@testing-library/react';
import { useForm, postForm, type FormOptions } from '@site/src/components/Form';
import { NETWORK_ERROR_MESSAGE, NetworkError } from '@site/src/lib/postJson';
import type { ContactRequest } from '@site/src/schemas';
import { callOf, failingFetch, jsonFetch, pendingFetch } from '../checkout/_helpers';

// The token's own fetch and timing are covered in formToken.test.ts; here it is ready at once,
// or missing when a test says so.
let token: string | undefined = 'signed-form-token';
jest.mock('@site/src/lib/formToken', () => ({
  formTokenSource: () => ({ renew: () => undefined, get: () => Promise.resolve(token) }),
}));

type Values = { name: string; email: string; message: string; company: string; phone: string; website: string };
const EMPTY: Values = { name: '', email: '', message: '', company: '', phone: '', website: '' };
const FILLED: Values = { ...EMPTY, name: '  Ada Lovelace ', email: ' ada@example.com', message: 'Hello' };

function setup(overrides: Partial<FormOptions<Values, ContactRequest, string>> = {}) {
  const send = jest.fn((data: ContactRequest, ctx: { formToken: string | undefined }) =>
    postForm<{ success: boolean; error?: string; id?: string }, string>('/api/x', { ...data, formToken: ctx.formToken }, (b) => (b.success ? (b.id ?? 'ok') : undefined)),
  );
  const hook = renderHook(() =>
    useForm<Values, ContactRequest, string>({
      schema: (s) => s.contactRequestSchema,
      initial: EMPTY,
      required: ['name', 'email', 'message'],
      failedMessage: 'Failed to send message',
      send,
      ...overrides,
    }),
  );
  const fill = (values: Partial<Values>) => act(() => hook.result.current.update(values));
  return { ...hook, send, fill };
}

describe('useForm: the one form pattern', () => {
  beforeEach(() => {
    token = 'signed-form-token';
  });
  afterEach(() => jest.restoreAllMocks());

  it('starts idle with the initial values; submit stays off until the required fields are filled', () => {
    const { result, fill } = setup();
    expect(result.current.status).toBe('idle');
    expect(result.current.values).toEqual(EMPTY);
    expect(result.current.canSubmit).toBe(false);
    fill({ name: 'Ada', email: 'a@b.co' });
    expect(result.current.canSubmit).toBe(false);
    fill({ message: '   ' });
    expect(result.current.canSubmit).toBe(false);
    fill({ message: 'Hi' });
    expect(result.current.canSubmit).toBe(true);
  });

  it('refuses with the schema field errors and sends nothing; editing a field clears its own error only', async () => {
    global.fetch = jsonFetch(200, { success: true });
    const { result, send, fill } = setup();
    fill({ name: 'Ada', email: 'not-an-email', message: '' });
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    expect(result.current.status).toBe('error');
    expect(result.current.invalid).toBe(true);
    expect(result.current.error).toBeNull();
    expect(result.current.errors).toEqual({ email: 'Please enter a valid email address', message: 'Message is required' });
    act(() => result.current.setValue('email', 'ada@example.com'));
    expect(result.current.errors).toEqual({ message: 'Message is required' });
  });

  it('sends the parsed value (trimmed by the schema) with the form token, then succeeds with the result', async () => {
    const pending = pendingFetch();
    global.fetch = pending.fetch;
    const { result, fill } = setup({ formToken: true });
    fill(FILLED);
    let done!: Promise<unknown>;
    act(() => {
      done = result.current.submit();
    });
    await waitFor(() => expect(result.current.status).toBe('submitting'));
    expect(result.current.submitting).toBe(true);
    expect(result.current.canSubmit).toBe(false);
    expect(callOf(pending.fetch).body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello', company: '', phone: '', website: '', formToken: 'signed-form-token' });
    await act(async () => {
      pending.resolve(200, { success: true, id: 'T-1' });
      await done;
    });
    expect(result.current.status).toBe('success');
    expect(result.current.result).toBe('T-1');
  });

  it("shows the server's own text and field errors, or the spec's failure text when it has none", async () => {
    global.fetch = jsonFetch(400, { success: false, error: 'Please enter a valid email address', fields: { email: 'Please enter a valid email address' } });
    const { result, fill } = setup();
    fill(FILLED);
    await act(() => result.current.submit());
    expect(result.current).toMatchObject({ status: 'error', invalid: true, error: 'Please enter a valid email address', errors: { email: 'Please enter a valid email address' } });

    global.fetch = jsonFetch(500, undefined);
    await act(() => result.current.submit());
    expect(result.current).toMatchObject({ status: 'error', invalid: false, error: 'Failed to send message', errors: {} });
  });

  it('shows the network message when the request or the form token gets no answer', async () => {
    global.fetch = failingFetch();
    const { result, fill, send } = setup({ formToken: true });
    fill(FILLED);
    await act(() => result.current.submit());
    expect(result.current).toMatchObject({ status: 'error', error: NETWORK_ERROR_MESSAGE });
    expect(send).toHaveBeenCalledTimes(1);

    token = undefined;
    await act(() => result.current.submit());
    expect(result.current).toMatchObject({ status: 'error', error: NETWORK_ERROR_MESSAGE });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('runs one submission at a time: a second submit while one runs sends nothing', async () => {
    const pending = pendingFetch();
    global.fetch = pending.fetch;
    const { result, fill } = setup();
    fill(FILLED);
    let first!: Promise<unknown>;
    let second!: Promise<unknown>;
    act(() => {
      first = result.current.submit();
      second = result.current.submit();
    });
    await expect(second).resolves.toBeUndefined();
    await waitFor(() => expect(pending.fetch).toHaveBeenCalledTimes(1));
    await act(async () => {
      pending.resolve(200, { success: true });
      await first;
    });
    expect(pending.fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a thrown NetworkError from a custom send as the network message, anything else as the failure text', async () => {
    const { result, fill } = setup({
      send: jest.fn().mockRejectedValueOnce(new NetworkError('down')).mockRejectedValueOnce(new Error('bug')),
    });
    fill(FILLED);
    await act(() => result.current.submit());
    expect(result.current.error).toBe(NETWORK_ERROR_MESSAGE);
    await act(() => result.current.submit());
    expect(result.current.error).toBe('Failed to send message');
  });

  it('resets to empty idle values, no errors and no result', async () => {
    global.fetch = jsonFetch(200, { success: true, id: 'T-2' });
    const { result, fill } = setup();
    fill(FILLED);
    await act(() => result.current.submit());
    expect(result.current.status).toBe('success');
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ status: 'idle', values: EMPTY, errors: {}, error: null, result: undefined });
  });
});
