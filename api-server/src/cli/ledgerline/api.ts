import { SANDBOX_BASE_PATH } from '../../../../src/data/sandbox';
import { API_VERSION } from '../../../../src/data/site';

/** What `ledgerline` asks the sandbox, with the developer's key: their webhooks, and a test event. */

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  secret: string;
  active: boolean;
}

/** The API said no (a 4xx): its own message, shown as is. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The site could not be reached at all (nothing listening, DNS, a reset). */
export class Unreachable extends Error {}

/** The human message of an error answer: the sandbox's `{error: {message}}` or the live API's `{error: "..."}`. */
export function apiMessage(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { error?: string | { message?: string } };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    if (message) return message;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return `The server answered HTTP ${status}.`;
}

/** Why a fetch failed, in one line: node's fetch hides the socket's error in `cause`. */
export function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

export class SandboxClient {
  constructor(
    private readonly api: string,
    private readonly key: string,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { Authorization: `Bearer ${this.key}`, 'X-API-Version': API_VERSION, ...extra };
  }

  url(path: string): string {
    return new URL(path, this.api).toString();
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method,
        headers: this.headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new Unreachable(`Cannot reach ${this.api} (${networkReason(err)}). Is the site running? Start it with npm start, or name it with --api.`);
    }
    const text = await res.text();
    if (!res.ok) throw new Refused(res.status, apiMessage(res.status, text));
    return JSON.parse(text) as T;
  }

  /** Every webhook of the key, following the list's cursor. */
  async webhooks(): Promise<Webhook[]> {
    const all: Webhook[] = [];
    let after: string | undefined;
    for (;;) {
      const query = after ? `?starting_after=${encodeURIComponent(after)}` : '';
      const page = await this.call<{ data: Webhook[]; has_more: boolean }>('GET', `${SANDBOX_BASE_PATH}/webhooks${query}`);
      all.push(...page.data);
      if (!page.has_more || page.data.length === 0) return all;
      after = page.data[page.data.length - 1]!.id;
    }
  }

  /** POST /webhooks/{id}/test: the sandbox fires `event` for that webhook; the answer is the delivery. */
  async trigger(webhookId: string, event: string): Promise<{ id: string; status: string; body: string; headers: Record<string, string> }> {
    return this.call('POST', `${SANDBOX_BASE_PATH}/webhooks/${encodeURIComponent(webhookId)}/test`, { event });
  }
}

/**
 * The webhook whose secret signs `type`: the one named with --webhook, else the first active one
 * subscribed to the event (the one a registered endpoint's delivery would come from).
 */
export function webhookFor(webhooks: readonly Webhook[], type: string, named?: string): Webhook | undefined {
  if (named) return webhooks.find((w) => w.id === named);
  return webhooks.find((w) => w.active && w.events.includes(type));
}

export const noWebhookHint = (type: string) =>
  `No active webhook of this key subscribes to ${type}. Create one (POST ${SANDBOX_BASE_PATH}/webhooks with "events": ["${type}"]), or name one with --webhook wh_...`;
