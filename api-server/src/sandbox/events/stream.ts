import type { Request, RequestHandler, Response } from 'express';
import {
  LEDGERLINE_CLI,
  SANDBOX_EVENT_STREAMS_PER_ADDRESS,
  SANDBOX_EVENT_STREAMS_PER_INSTANCE,
  SANDBOX_EVENT_STREAMS_PER_KEY,
  SANDBOX_EVENTS_HEARTBEAT_MS,
  SANDBOX_EVENTS_POLL_MS,
} from '../../../../src/data/sandbox';
import type { Db } from '../../db/database';
import { notWaiting } from '../../http/activity';
import { HttpError } from '../../http/errors';
import type { AppMetrics } from '../../http/metrics';
import { clientKey } from '../../http/rateLimit';
import { endAtStop } from '../../http/shutdown';
import type { Logger } from '../../logger';
import { SandboxError } from '../errors';
import { authenticate, type SandboxKey } from '../keys';
import { eventsAfter, latestSeq } from './store';

export interface EventStreamDeps {
  db: Db;
  now: () => Date;
  logger: Logger;
  metrics?: AppMetrics;
}

/** Where the stream resumes: after the Last-Event-ID header, else after `?after=` (for clients that cannot set headers), else from now. */
function resumeFrom(req: Request): number | undefined {
  const raw = req.get('last-event-id') ?? (typeof req.query.after === 'string' ? req.query.after : undefined);
  if (raw === undefined || raw === '') return undefined;
  const seq = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(seq)) throw new HttpError(400, 'Last-Event-ID (or after) must be the id of an event this stream sent: a whole number');
  return seq;
}

async function keyOf(deps: EventStreamDeps, req: Request): Promise<SandboxKey> {
  try {
    return await authenticate(deps, req.get('authorization'));
  } catch (err) {
    // The sandbox's own words, in the live API's envelope (as GET /api/sandbox/requests).
    throw err instanceof SandboxError ? new HttpError(err.status, err.message) : err;
  }
}

/**
 * GET /api/sandbox/events: the key's events as Server-Sent Events (`id: <seq>`, `event: <type>`,
 * `data: <event JSON>`). Every instance reads the one shared table, every SANDBOX_EVENTS_POLL_MS,
 * so an event fired on any instance reaches streams open on all of them. Nothing is sent
 * anywhere: the developer's machine holds the connection. A graceful stop ends the streams (the
 * client reconnects, to another instance, with Last-Event-ID), and so does the key's expiry.
 */
export const STREAM_CAPS = { perKey: SANDBOX_EVENT_STREAMS_PER_KEY, perAddress: SANDBOX_EVENT_STREAMS_PER_ADDRESS, perInstance: SANDBOX_EVENT_STREAMS_PER_INSTANCE };
/** How long a client refused by the instance's cap should wait: a stream freed elsewhere is likely by then. */
const FULL_RETRY_AFTER_S = 30;

export function eventStreamRoute(deps: EventStreamDeps, timing = { pollMs: SANDBOX_EVENTS_POLL_MS, heartbeatMs: SANDBOX_EVENTS_HEARTBEAT_MS }, caps = STREAM_CAPS): RequestHandler {
  // Per instance: a stream is a connection to this process, and so is what it costs.
  const openPerKey = new Map<string, number>();
  const openPerAddress = new Map<string, number>();
  let openTotal = 0;
  return async (req, res: Response) => {
    const key = await keyOf(deps, req);
    const after = resumeFrom(req);
    const open = openPerKey.get(key.id) ?? 0;
    if (open >= caps.perKey) {
      throw new HttpError(429, `This key already has ${caps.perKey} event streams open, the most a key may hold. Close one and try again.`);
    }
    const address = clientKey(req);
    const fromAddress = openPerAddress.get(address) ?? 0;
    if (fromAddress >= caps.perAddress) {
      throw new HttpError(429, `Your address already has ${caps.perAddress} event streams open, the most one client may hold. Close one and try again.`);
    }
    if (openTotal >= caps.perInstance) {
      res.set('Retry-After', String(FULL_RETRY_AFTER_S));
      throw new HttpError(503, 'This server holds as many event streams as it can right now. Please reconnect in a moment.');
    }
    let cursor = after ?? (await latestSeq(deps.db, key.id));
    openPerKey.set(key.id, open + 1);
    openPerAddress.set(address, fromAddress + 1);
    openTotal++;
    deps.metrics?.sandboxEventStream(1);

    let closed = false;
    let poll: NodeJS.Timeout | undefined;
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), timing.heartbeatMs);
    res.once('close', () => {
      closed = true;
      clearTimeout(poll);
      clearInterval(heartbeat);
      const left = (openPerKey.get(key.id) ?? 1) - 1;
      if (left > 0) openPerKey.set(key.id, left);
      else openPerKey.delete(key.id);
      const leftFromAddress = (openPerAddress.get(address) ?? 1) - 1;
      if (leftFromAddress > 0) openPerAddress.set(address, leftFromAddress);
      else openPerAddress.delete(address);
      openTotal--;
      deps.metrics?.sandboxEventStream(-1);
    });
    endAtStop(res, () => res.end(': the server is stopping; reconnect with Last-Event-ID\n\n'));
    notWaiting(res);

    res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    // `retry:` tells a browser's EventSource how long to wait before reconnecting, as the CLI does first.
    res.write(`retry: ${LEDGERLINE_CLI.reconnectBaseMs}\n: connected\n\n`);

    const tick = async () => {
      if (closed) return;
      if (deps.now().getTime() >= key.expiresAt) {
        // The reconnect gets the 401 that says the key expired.
        res.end(': this sandbox key has expired\n\n');
        return;
      }
      try {
        for (const e of await eventsAfter(deps.db, key.id, cursor)) {
          if (closed) return;
          res.write(`id: ${e.seq}\nevent: ${e.type}\ndata: ${e.payload}\n\n`);
          cursor = e.seq;
        }
      } catch (err) {
        // A lost database: the stream stays open and reads again at the next tick.
        deps.logger.warn({ err }, 'sandbox event stream: events could not be read');
      }
      if (!closed) poll = setTimeout(() => void tick(), timing.pollMs);
    };
    await tick();
  };
}
