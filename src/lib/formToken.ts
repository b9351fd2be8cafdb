import { FORM_TOKEN_URL, MIN_FILL_MS, type FormTokenResponse } from '@site/src/schemas/limits';

/** The signed token a public form sends with its post; the server judges fill time by it. */
export interface FormTokenSource {
  /** Fetches a new token: when the form opens, and again for "send another". */
  renew(): void;
  /**
   * The current token, once a person could have filled the form since it arrived (the server
   * silently drops faster posts as bots, so a form typed into before its token came waits a
   * moment instead). Undefined when the token could not be fetched: the caller reports a
   * network error, and the next call fetches again.
   */
  get(): Promise<string | undefined>;
}

async function fetchToken(): Promise<string | undefined> {
  try {
    const res = await fetch(FORM_TOKEN_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return undefined;
    const body = (await res.json()) as Partial<FormTokenResponse> | null;
    return typeof body?.token === 'string' ? body.token : undefined;
  } catch {
    return undefined;
  }
}

export function formTokenSource(): FormTokenSource {
  let current: Promise<{ token: string; receivedAt: number } | undefined> | undefined;
  const renew = () => {
    // The time of arrival, not of asking: the server signed its clock somewhere in between.
    current = fetchToken().then((token) => (token === undefined ? undefined : { token, receivedAt: Date.now() }));
  };
  return {
    renew,
    async get() {
      if (!current) renew();
      const got = await current;
      if (!got) {
        current = undefined;
        return undefined;
      }
      const wait = got.receivedAt + MIN_FILL_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return got.token;
    },
  };
}
