/**
 * Test keys are kept per plan until they expire, so every panel of a plan (and /success) shares
 * one key; an expired, foreign or damaged entry is never sent.
 */
import { ensureKey, forgetKey, storedKey } from '@site/src/components/TryIt/sandboxKey';
import { SANDBOX_KEYS_URL } from '@site/src/data/sandbox';
import { SANDBOX_KEY_STORAGE_PREFIX } from '@site/src/data/tryIt';

const HOUR = 3_600_000;
// jsdom has no Response: the little of it mintKey reads.
const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });
const entry = (plan: string, expiresInMs: number, key = `sk_test_${plan}`) =>
  JSON.stringify({ key, plan, expiresAt: new Date(Date.now() + expiresInMs).toISOString() });

describe('sandbox keys in the browser', () => {
  afterEach(() => {
    for (const plan of ['starter', 'business', 'enterprise'] as const) forgetKey(plan);
    jest.restoreAllMocks();
  });

  it('returns the stored key of the plan while it is valid, and none once it has expired', () => {
    localStorage.setItem(`${SANDBOX_KEY_STORAGE_PREFIX}business`, entry('business', 2 * HOUR));
    expect(storedKey('business')?.key).toBe('sk_test_business');
    expect(storedKey('business', Date.now() + 3 * HOUR)).toBeNull();
    // The expired entry is dropped, not kept around.
    expect(localStorage.getItem(`${SANDBOX_KEY_STORAGE_PREFIX}business`)).toBeNull();
  });

  it('never hands one plan the key of another, or a damaged entry', () => {
    localStorage.setItem(`${SANDBOX_KEY_STORAGE_PREFIX}starter`, entry('enterprise', HOUR));
    expect(storedKey('starter')).toBeNull();
    localStorage.setItem(`${SANDBOX_KEY_STORAGE_PREFIX}starter`, '{"key":');
    expect(storedKey('starter')).toBeNull();
  });

  it('mints a key once and reuses it; a refusal becomes a message, not a key', async () => {
    const expiresAt = new Date(Date.now() + 24 * HOUR).toISOString();
    const fetchMock = jest.fn(async (..._args: unknown[]) => answer(201, { success: true, key: 'sk_test_new', plan: 'starter', expiresAt }));
    window.fetch = fetchMock as unknown as typeof fetch;
    await expect(ensureKey('starter')).resolves.toMatchObject({ key: 'sk_test_new', plan: 'starter' });
    await expect(ensureKey('starter')).resolves.toMatchObject({ key: 'sk_test_new' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([SANDBOX_KEYS_URL, expect.objectContaining({ method: 'POST', body: '{"plan":"starter"}' })]);
    expect(JSON.parse(localStorage.getItem(`${SANDBOX_KEY_STORAGE_PREFIX}starter`) ?? '{}')).toMatchObject({ key: 'sk_test_new', expiresAt });

    window.fetch = (async () => answer(429, { success: false, error: 'Too many requests. Please try again in a minute.' })) as unknown as typeof fetch;
    await expect(ensureKey('business')).rejects.toThrow('Too many requests');
    expect(storedKey('business')).toBeNull();
  });
});
