/** The part of a fetch Response that postJson reads. */
export function fakeResponse(status: number, body: unknown) {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => {
      if (body === undefined) throw new SyntaxError('not JSON');
      return body;
    },
  };
}

/** A fetch stand-in answering with JSON, recording calls. */
export function jsonFetch(status: number, body: unknown): jest.Mock {
  return jest.fn(async () => fakeResponse(status, body));
}

/** A fetch that never answers until `resolve` is called. */
export function pendingFetch(): { fetch: jest.Mock; resolve: (status: number, body: unknown) => void } {
  let resolve!: (r: unknown) => void;
  const fetch = jest.fn(() => new Promise((r) => (resolve = r)));
  return { fetch, resolve: (status, body) => resolve(fakeResponse(status, body)) };
}

export function failingFetch(): jest.Mock {
  return jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
}

/** Headers and parsed body of the n-th call to a fetch mock. */
export function callOf(fetch: jest.Mock, n = 0): { url: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const [url, init] = fetch.mock.calls[n] as [string, RequestInit];
  return { url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) as Record<string, unknown> };
}
