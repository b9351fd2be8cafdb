import { parseArgs } from 'node:util';
import { WEBHOOK_EVENTS } from '../../../../src/data/apiReference/events';
import { LEDGERLINE_CLI, SANDBOX_KEY_PREFIX, SANDBOX_KEYS_URL } from '../../../../src/data/sandbox';
import { noWebhookHint, Refused, SandboxClient, Unreachable, webhookFor } from './api';
import { BadAdvance, clock } from './clock';
import { listen } from './listen';

/** Exit codes: 0 done (or stopped with Ctrl-C), 1 the API refused, 2 bad usage, 3 the site could not be reached. */
export const EXIT = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;

const { name, defaultApi, exampleForwardTo } = LEDGERLINE_CLI;

export const USAGE = `Usage: ${name} <command> [options]      (in a clone of this repository: npx ${name} ...)

Receive your sandbox key's webhook events on your own machine while you build a handler.

Commands:
  listen --forward-to URL    stream the key's events and POST each one to URL, signed as a
                             registered endpoint's delivery; one line per event with your
                             handler's answer; reconnects and resumes after a dropped stream
  trigger <event>            ask the sandbox to fire <event> (a test delivery of your webhook)
  clock                      show the key's test clock and its month's allowances
  clock advance <time|+step> move the clock to an ISO 8601 time or by +30m, +12h, +2d; lists
                             the events the transitions produced (see Testing over time)

Options:
  --key ${SANDBOX_KEY_PREFIX}...   your sandbox key (or set LEDGERLINE_KEY); mint one: POST ${SANDBOX_KEYS_URL}
  --api URL           the site serving the sandbox (default ${defaultApi})
  --webhook wh_...    sign with (listen) or fire through (trigger) this webhook; by default the
                      first active webhook subscribed to the event
  -h, --help          this text

Events: ${WEBHOOK_EVENTS.map((e) => e.type).join(', ')}

Examples:
  ${name} listen --key ${SANDBOX_KEY_PREFIX}... --forward-to ${exampleForwardTo}
  ${name} trigger ${WEBHOOK_EVENTS[0]!.type} --key ${SANDBOX_KEY_PREFIX}...
  ${name} clock advance +2d --key ${SANDBOX_KEY_PREFIX}...

Exit codes: 0 done or stopped with Ctrl-C, 1 the API refused (its message is shown),
2 bad usage, 3 the site could not be reached.`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

class Usage extends Error {}

function validUrl(value: string, option: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // Reported below, with the option's name.
  }
  throw new Usage(`${option} must be an http or https URL, e.g. ${option === '--api' ? defaultApi : exampleForwardTo} (got "${value}").`);
}

async function trigger(client: SandboxClient, type: string | undefined, named: string | undefined, io: Io): Promise<void> {
  if (!type) throw new Usage(`trigger needs an event type, e.g. ${name} trigger ${WEBHOOK_EVENTS[0]!.type} --key ${SANDBOX_KEY_PREFIX}...`);
  if (!WEBHOOK_EVENTS.some((e) => e.type === type)) throw new Usage(`Unknown event ${type}. Events: ${WEBHOOK_EVENTS.map((e) => e.type).join(', ')}.`);
  const webhooks = await client.webhooks();
  const webhook = webhookFor(webhooks, type, named);
  if (!webhook) throw new Refused(404, named ? `This key has no webhook ${named}.` : noWebhookHint(type));
  const delivery = await client.trigger(webhook.id, type);
  const eventId = (JSON.parse(delivery.body) as { id?: string }).id ?? '';
  io.out(`Fired ${type} ${eventId} through ${webhook.id} (delivery ${delivery.id}, ${delivery.status}). A running "${name} listen" forwards it.`);
}

/** Runs one command line; resolves with the exit code (never exits itself, so tests can call it). */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        key: { type: 'string' },
        api: { type: 'string' },
        'forward-to': { type: 'string' },
        webhook: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [command, ...rest] = positionals;
    if (values.help || !command) {
      (values.help ? io.out : io.err)(USAGE);
      return values.help ? EXIT.ok : EXIT.usage;
    }
    if (command !== 'listen' && command !== 'trigger' && command !== 'clock') throw new Usage(`Unknown command ${command}: use listen, trigger or clock.`);
    const key = values.key ?? io.env.LEDGERLINE_KEY;
    if (!key) throw new Usage(`--key is required: your sandbox key (${SANDBOX_KEY_PREFIX}...). Mint one with POST ${SANDBOX_KEYS_URL}.`);
    const api = validUrl(values.api ?? defaultApi, '--api');
    const client = new SandboxClient(api, key);
    if (command === 'clock') {
      await clock(client, rest, io.out);
      return EXIT.ok;
    }
    if (command === 'trigger') {
      if (rest.length > 1) throw new Usage(`trigger takes one event type (got ${rest.join(' ')}).`);
      await trigger(client, rest[0], values.webhook, io);
      return EXIT.ok;
    }
    if (rest.length) throw new Usage(`listen takes no arguments (got ${rest.join(' ')}).`);
    if (!values['forward-to']) throw new Usage(`listen needs --forward-to URL: where your webhook handler listens, e.g. ${exampleForwardTo}.`);
    await listen({ client, api, forwardTo: validUrl(values['forward-to'], '--forward-to'), webhook: values.webhook, out: io.out, signal: io.signal });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof Usage || err instanceof BadAdvance || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`${(err as Error).message}\nRun ${name} --help for the commands and options.`);
      return EXIT.usage;
    }
    if (err instanceof Refused) {
      io.err(`The API refused: ${err.message}`);
      return EXIT.refused;
    }
    if (err instanceof Unreachable) {
      io.err(err.message);
      return EXIT.unreachable;
    }
    throw err;
  }
}
