import { formTokenSource } from '@site/src/lib/formToken';
import { FORM_TOKEN_URL, MIN_FILL_MS } from '@site/src/schemas/limits';

const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: () => Promise.resolve(body) }) as Response;

describe('form token source', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fetches the token when renewed and hands it out only once a person could have filled the form', async () => {
    const fetch = jest.fn(() => Promise.resolve(answer(200, { token: 't1' })));
    global.fetch = fetch as unknown as typeof global.fetch;
    const source = formTokenSource();
    source.renew();
    expect(fetch).toHaveBeenCalledWith(FORM_TOKEN_URL, expect.objectContaining({ cache: 'no-store' }));
    let got: string | undefined;
    void source.get().then((t) => (got = t));
    await jest.advanceTimersByTimeAsync(MIN_FILL_MS - 100);
    // Sent now, the server would take it for a bot and drop it without a word.
    expect(got).toBeUndefined();
    await jest.advanceTimersByTimeAsync(200);
    expect(got).toBe('t1');
    // Later calls reuse it at once.
    await expect(source.get()).resolves.toBe('t1');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a failed fetch as undefined and fetches again on the next call', async () => {
    const fetch = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(503, { error: 'down' }))
      .mockResolvedValue(answer(200, { token: 't2' }));
    global.fetch = fetch as unknown as typeof global.fetch;
    const source = formTokenSource();
    await expect(source.get()).resolves.toBeUndefined();
    await expect(source.get()).resolves.toBeUndefined();
    const third = source.get();
    await jest.advanceTimersByTimeAsync(MIN_FILL_MS);
    await expect(third).resolves.toBe('t2');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
