import { setTimeout as sleep } from 'node:timers/promises';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { LEDGERLINE_CLI, ledgerlineLine, ledgerlineOutcome, SANDBOX_EVENTS_URL } from '../../../../src/data/sandbox';
import { signedHeaders } from '../../sandbox/webhooks/signature';
import { apiMessage, networkReason, noWebhookHint, Refused, webhookFor, type SandboxClient, type Webhook } from './api';

export interface ListenOptions {
  client: SandboxClient;
  api: string;
  forwardTo: string;
  /** --webhook: sign every event with this webhook's secret. */
  webhook?: string;
  out: (line: string) => void;
  /** Aborted by Ctrl-C: the stream closes and listen resolves. */
  signal: AbortSignal;
}

const clock = () => new Date().toTimeString().slice(0, 8);

/** POSTs one event to the local handler and says in one line what it answered. */
async function forward(opts: ListenOptions, webhook: Webhook, e: EventSourceMessage): Promise<string> {
  const type = e.event ?? 'message';
  const started = performance.now();
  try {
    const res = await fetch(opts.forwardTo, {
      method: 'POST',
      headers: signedHeaders(type, webhook.secret, e.data, Math.floor(Date.now() / 1000)),
      body: e.data,
      signal: AbortSignal.any([opts.signal, AbortSignal.timeout(LEDGERLINE_CLI.forwardTimeoutMs)]),
      redirect: 'manual',
    });
    await res.arrayBuffer();
    return ledgerlineOutcome.answered(res.status, res.statusText, Math.round(performance.now() - started), webhook.id);
  } catch (err) {
    const reason = (err as Error).name === 'TimeoutError' ? `no answer within ${LEDGERLINE_CLI.forwardTimeoutMs / 1000} s` : networkReason(err);
    return ledgerlineOutcome.failed(reason, opts.forwardTo);
  }
}

/**
 * `ledgerline listen`: holds the key's event stream open and forwards each event, signed with
 * its webhook's secret, to --forward-to, one line per event. A dropped stream is reopened with
 * backoff and resumes after the last event seen (Last-Event-ID), so nothing is missed or doubled.
 * Resolves on Ctrl-C; rejects with Refused when the API refuses the key.
 */
export async function listen(opts: ListenOptions): Promise<void> {
  const { client, out } = opts;
  let webhooks = await client.webhooks();
  if (opts.webhook && !webhookFor(webhooks, '', opts.webhook)) throw new Refused(404, `This key has no webhook ${opts.webhook}.`);
  out(`Forwarding events to ${opts.forwardTo}, signed with ${opts.webhook ? `the secret of ${opts.webhook}` : "the secret of each event's webhook"}. Ctrl-C to stop.`);

  let lastId: string | undefined;
  let delay: number = LEDGERLINE_CLI.reconnectBaseMs;
  let connectedOnce = false;
  // One event at a time, in order: the handler sees them as they were fired.
  let queue = Promise.resolve();
  const handle = (e: EventSourceMessage) => {
    if (e.id !== undefined && lastId !== undefined && Number(e.id) <= Number(lastId)) return;
    lastId = e.id ?? lastId;
    const type = e.event ?? 'message';
    const eventId = (JSON.parse(e.data) as { id?: string }).id ?? '';
    queue = queue.then(async () => {
      let webhook = webhookFor(webhooks, type, opts.webhook);
      // Created after listen started: look again once.
      if (!webhook) webhook = webhookFor((webhooks = await client.webhooks().catch(() => webhooks)), type, opts.webhook);
      const outcome = webhook ? await forward(opts, webhook, e) : `not forwarded: ${noWebhookHint(type)}`;
      out(ledgerlineLine(clock(), type, eventId, outcome));
    });
  };

  while (!opts.signal.aborted) {
    let reason: string;
    try {
      const res = await fetch(client.url(SANDBOX_EVENTS_URL), {
        headers: client.headers({ Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) }),
        signal: opts.signal,
      });
      if (res.status === 401 || res.status === 403 || res.status === 400) throw new Refused(res.status, apiMessage(res.status, await res.text()));
      if (!res.ok || !res.body) {
        reason = apiMessage(res.status, await res.text());
      } else {
        delay = LEDGERLINE_CLI.reconnectBaseMs;
        out(connectedOnce ? `Reconnected${lastId ? `, resuming after event ${lastId}` : ''}.` : `Listening to ${opts.api} for your key's events.`);
        connectedOnce = true;
        const parser = createParser({ onEvent: handle });
        const decoder = new TextDecoder();
        for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
        reason = 'the server closed the stream';
      }
    } catch (err) {
      if (err instanceof Refused) throw err;
      if (opts.signal.aborted) break;
      reason = networkReason(err);
    }
    if (opts.signal.aborted) break;
    out(`Stream lost (${reason}); reconnecting in ${(delay / 1000).toFixed(1)} s.`);
    await sleep(delay, undefined, { signal: opts.signal }).catch(() => undefined);
    delay = Math.min(delay * 2, LEDGERLINE_CLI.reconnectMaxMs);
  }
  await queue;
}
