/** Issue 45: event streams are capped per client address and per instance, besides per key. */
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { SANDBOX_EVENT_STREAMS_PER_ADDRESS, SANDBOX_EVENT_STREAMS_PER_KEY, SANDBOX_EVENTS_URL } from '../../../src/data/sandbox';
import { errorHandler } from '../../../api-server/src/http/errors';
import { eventStreamRoute } from '../../../api-server/src/sandbox/events/stream';
import { closedAfterEach, listen, openStream, sleep, type OpenStream } from './_events';
import { appsClosedAfterEach, mintKey } from './_sandbox';

const app = appsClosedAfterEach();
const { servers, streams } = closedAfterEach();

async function stream(base: string, key: string): Promise<OpenStream> {
  const s = await openStream(base, key);
  streams.push(s);
  return s;
}

it(`holds at most ${SANDBOX_EVENT_STREAMS_PER_ADDRESS} streams from one address, whatever keys it uses`, async () => {
  const t = await app();
  const { server, base } = await listen(t.app);
  servers.push(server);
  const keys = Math.ceil(SANDBOX_EVENT_STREAMS_PER_ADDRESS / SANDBOX_EVENT_STREAMS_PER_KEY);
  for (let k = 0; k < keys; k++) {
    const key = await mintKey(t.app, 'business');
    for (let i = 0; i < SANDBOX_EVENT_STREAMS_PER_KEY && streams.length < SANDBOX_EVENT_STREAMS_PER_ADDRESS; i++) expect((await stream(base, key)).status).toBe(200);
  }
  const fresh = await mintKey(t.app, 'business');
  const refused = await request(t.app).get(SANDBOX_EVENTS_URL).set('Authorization', `Bearer ${fresh}`);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ success: false, error: `Your address already has ${SANDBOX_EVENT_STREAMS_PER_ADDRESS} event streams open, the most one client may hold. Close one and try again.` });
  streams[0]!.close();
  await sleep(200);
  expect((await stream(base, fresh)).status).toBe(200);
});

it("answers 503 with Retry-After once the instance holds its most, and frees a place when one closes", async () => {
  const t = await app();
  const logger = pino({ level: 'silent' });
  // The route with a small instance cap, on its own little app with the API's error handler.
  const capped = express();
  capped.get(SANDBOX_EVENTS_URL, eventStreamRoute({ db: t.db, now: () => t.clock.now, logger }, undefined, { perKey: 5, perAddress: 100, perInstance: 3 }));
  capped.use(errorHandler(logger));
  const { server, base } = await listen(capped);
  servers.push(server);
  const key = await mintKey(t.app, 'business');
  for (let i = 0; i < 3; i++) expect((await stream(base, key)).status).toBe(200);
  const refused = await request(capped).get(SANDBOX_EVENTS_URL).set('Authorization', `Bearer ${key}`);
  expect(refused.status).toBe(503);
  expect(refused.headers['retry-after']).toBe('30');
  expect(refused.body).toEqual({ success: false, error: 'This server holds as many event streams as it can right now. Please reconnect in a moment.' });
  streams[0]!.close();
  await sleep(200);
  expect((await stream(base, key)).status).toBe(200);
});
