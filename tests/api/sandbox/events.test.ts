/** GET /api/sandbox/events: each key's events as Server-Sent Events, resumable, isolated, shared by instances, ended by a stop. */
import request from 'supertest';
import { endpointById as endpoint, WEBHOOK_EVENTS } from '../../../src/data/apiReference';
import { SANDBOX_EVENT_STREAMS_PER_KEY, SANDBOX_EVENTS_POLL_MS, SANDBOX_EVENTS_URL, SANDBOX_KEY_TTL_MS } from '../../../src/data/sandbox';
import { GracefulStop } from '../../../api-server/src/http/shutdown';
import type { TestApp } from '../_lib/testApp';
import { closedAfterEach, listen, openStream, sleep, type OpenStream } from './_events';
import { appsClosedAfterEach, headersFor, mintKey, send } from './_sandbox';

const app = appsClosedAfterEach();
const { servers, streams } = closedAfterEach();

async function served(t: TestApp): Promise<string> {
  const { server, base } = await listen(t.app);
  servers.push(server);
  return base;
}

async function stream(...args: Parameters<typeof openStream>): Promise<OpenStream> {
  const s = await openStream(...args);
  streams.push(s);
  return s;
}

const test = endpoint('testWebhook');
/** Fires one event through the documented call; returns the delivery's body (the event as a registered endpoint gets it). */
async function fire(t: TestApp, key: string, event = test.example.event as string): Promise<string> {
  const res = await send(t.app, test, headersFor(key, 'business'), { ...test.example, event });
  expect(res.status).toBe(201);
  return (res.body as { body: string }).body;
}

it('answers 401 in the live API envelope without a valid key, and 400 for a resume id that is no event id', async () => {
  const t = await app();
  const none = await request(t.app).get(SANDBOX_EVENTS_URL);
  expect(none.status).toBe(401);
  expect(none.body).toEqual({ success: false, error: expect.stringContaining('No API key provided') });
  const bad = await request(t.app).get(SANDBOX_EVENTS_URL).set('Authorization', 'Bearer sk_test_nope');
  expect(bad.status).toBe(401);
  expect(bad.body).toEqual({ success: false, error: 'Invalid API key provided.' });
  const key = await mintKey(t.app, 'business');
  const junk = await request(t.app).get(SANDBOX_EVENTS_URL).set('Authorization', `Bearer ${key}`).set('Last-Event-ID', 'abc');
  expect(junk.status).toBe(400);
  expect(junk.body.error).toMatch(/Last-Event-ID/);
});

it('streams each event testWebhook fires, as id, event type and the exact body a registered endpoint gets', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'business');
  const s = await stream(await served(t), key);
  expect(s.status).toBe(200);
  const bodies = [await fire(t, key), await fire(t, key, WEBHOOK_EVENTS.find((e) => e.type === 'transaction.completed')!.type)];
  const got = await s.waitFor(2);
  expect(got.map((e) => e.data)).toEqual(bodies);
  expect(got.map((e) => e.event)).toEqual([test.example.event, 'transaction.completed']);
  expect(Number(got[1]!.id)).toBeGreaterThan(Number(got[0]!.id));
  expect(JSON.parse(got[0]!.data)).toMatchObject({ id: expect.stringMatching(/^evt_/), type: test.example.event });
});

it('resumes after a dropped connection from Last-Event-ID (or ?after=) with exactly the events it missed', async () => {
  const t = await app();
  const base = await served(t);
  const key = await mintKey(t.app, 'business');
  const first = await stream(base, key);
  await fire(t, key);
  const [seen] = await first.waitFor(1);
  first.close();
  const missed = [await fire(t, key), await fire(t, key)];
  const resumed = await stream(base, key, { lastEventId: seen!.id });
  expect((await resumed.waitFor(2)).map((e) => e.data)).toEqual(missed);
  await sleep(SANDBOX_EVENTS_POLL_MS * 3);
  expect(resumed.events).toHaveLength(2);
  const byQuery = await stream(base, key, { query: `?after=${seen!.id}` });
  expect((await byQuery.waitFor(2)).map((e) => e.data)).toEqual(missed);
  // Opened without either: from now on only.
  const fresh = await stream(base, key);
  await sleep(SANDBOX_EVENTS_POLL_MS * 2);
  expect(fresh.events).toEqual([]);
});

it('keeps keys apart: a stream never carries another key\'s events', async () => {
  const t = await app();
  const base = await served(t);
  const [a, b] = [await mintKey(t.app, 'business'), await mintKey(t.app, 'business')];
  const sa = await stream(base, a);
  const sb = await stream(base, b, { lastEventId: '0' });
  const body = await fire(t, a);
  expect((await sa.waitFor(1))[0]!.data).toBe(body);
  await sleep(SANDBOX_EVENTS_POLL_MS * 3);
  expect(sb.events).toEqual([]);
});

it('works across instances on one database: an event fired on A streams from B', async () => {
  const a = await app();
  const b = await app({}, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
  const key = await mintKey(a.app, 'business');
  const s = await stream(await served(b), key);
  const body = await fire(a, key);
  expect((await s.waitFor(1))[0]!.data).toBe(body);
});

it(`holds at most ${SANDBOX_EVENT_STREAMS_PER_KEY} open streams per key, and frees a place when one closes`, async () => {
  const t = await app();
  const base = await served(t);
  const key = await mintKey(t.app, 'business');
  const open = [];
  for (let i = 0; i < SANDBOX_EVENT_STREAMS_PER_KEY; i++) open.push(await stream(base, key));
  const refused = await request(t.app).get(SANDBOX_EVENTS_URL).set('Authorization', `Bearer ${key}`);
  expect(refused.status).toBe(429);
  expect(refused.body.error).toMatch(/event streams open/);
  const other = await stream(base, await mintKey(t.app, 'business'));
  expect(other.status).toBe(200);
  open[0]!.close();
  await sleep(200);
  expect((await stream(base, key)).status).toBe(200);
});

it('counts open streams in the metrics', async () => {
  const token = 'scrape-token-0123456789abcdef';
  const t = await app({ METRICS_TOKEN: token });
  const open = async () => {
    const text = (await request(t.app).get('/metrics').set('Authorization', `Bearer ${token}`)).text;
    return Number(/^sandbox_event_streams_open (\S+)$/m.exec(text)?.[1]);
  };
  const s = await stream(await served(t), await mintKey(t.app, 'business'));
  expect(await open()).toBe(1);
  s.close();
  await sleep(200);
  expect(await open()).toBe(0);
});

it('ends the stream when the key expires; the reconnect is told why, and the sweep deletes the key\'s events', async () => {
  const t = await app();
  const base = await served(t);
  const key = await mintKey(t.app, 'business');
  const s = await stream(base, key);
  await fire(t, key);
  await s.waitFor(1);
  t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS);
  await s.ended;
  const again = await request(t.app).get(SANDBOX_EVENTS_URL).set('Authorization', `Bearer ${key}`);
  expect(again.status).toBe(401);
  expect(again.body.error).toMatch(/expired/);
  await mintKey(t.app, 'starter');
  expect(await t.db.selectFrom('sandbox_events').selectAll().execute()).toEqual([]);
});

it('a graceful stop ends open streams at once instead of waiting for its deadline', async () => {
  const t = await app();
  const { server, base } = await listen(t.app);
  const graceful = new GracefulStop(server);
  const key = await mintKey(t.app, 'business');
  const s = await stream(base, key);
  const started = Date.now();
  const outcome = await graceful.stop(10_000);
  await s.ended;
  expect(outcome).toBe('drained');
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(s.comments.join('\n')).toMatch(/stopping/);
});
