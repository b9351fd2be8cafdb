/** Thrown when the request never got an answer (offline, server down, CORS). */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

export interface JsonAnswer<T> {
  ok: boolean;
  status: number;
  /** Parsed body, or null when the answer was not JSON. */
  body: T | null;
}

/** POSTs JSON and reads a JSON answer; only a transport failure throws (as NetworkError). */
export async function postJson<T>(url: string, payload: unknown, init: RequestInit = {}): Promise<JsonAnswer<T>> {
  let res: Response;
  try {
    // Extra headers (e.g. Idempotency-Key) are added to the JSON ones, never replace them.
    const { headers, ...rest } = init;
    res = await fetch(url, {
      ...rest,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(headers as Record<string, string> | undefined) },
      body: JSON.stringify(payload),
    });
  } catch (err) {
    throw new NetworkError(err instanceof Error ? err.message : 'Network request failed');
  }
  let body: T | null = null;
  try {
    body = (await res.json()) as T;
  } catch {
    body = null;
  }
  return { ok: res.ok, status: res.status, body };
}

/** The spec's message for every form whose request got no answer. */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';
