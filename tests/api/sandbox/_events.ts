/** Helpers of the event-stream suites: a listening app and a small SSE client that keeps what it read. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Express } from 'express';
import { SANDBOX_EVENTS_URL } from '../../../src/data/sandbox';

export async function listen(app: Express): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface OpenStream {
  status: number;
  events: EventSourceMessage[];
  /** Comment lines (heartbeats, goodbyes). */
  comments: string[];
  /** Resolves when the server ends the stream (or we close it). */
  ended: Promise<void>;
  close: () => void;
  /** Resolves once `n` events have arrived; rejects after `ms`. */
  waitFor: (n: number, ms?: number) => Promise<EventSourceMessage[]>;
}

/** Opens GET /api/sandbox/events; resolves once the answer's head arrived (the stream is then listening). */
export async function openStream(base: string, key: string | undefined, opts: { lastEventId?: string; query?: string } = {}): Promise<OpenStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (key !== undefined) headers.Authorization = `Bearer ${key}`;
  if (opts.lastEventId !== undefined) headers['Last-Event-ID'] = opts.lastEventId;
  const res = await fetch(`${base}${SANDBOX_EVENTS_URL}${opts.query ?? ''}`, { headers, signal: abort.signal });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const waiters: (() => void)[] = [];
  const parser = createParser({
    onEvent: (e) => {
      events.push(e);
      waiters.splice(0).forEach((w) => w());
    },
    onComment: (c) => comments.push(c.trim()),
  });
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // Aborted by close(), or the connection was cut: either way the stream is over.
    }
  })();
  const waitFor = (n: number, ms = 5_000) =>
    new Promise<EventSourceMessage[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${n} events within ${ms} ms, got ${events.length}: ${JSON.stringify(events)}`)), ms);
      const check = () => {
        if (events.length >= n) {
          clearTimeout(timer);
          resolve(events.slice());
        } else waiters.push(check);
      };
      check();
    });
  return { status: res.status, events, comments, ended, close: () => abort.abort(), waitFor };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The servers and streams a suite's tests open, closed after each test. */
export function closedAfterEach(): { servers: http.Server[]; streams: OpenStream[] } {
  const servers: http.Server[] = [];
  const streams: OpenStream[] = [];
  afterEach(async () => {
    streams.splice(0).forEach((s) => s.close());
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });
  return { servers, streams };
}
