/** A queued delivery survives a restart, and several instances on one database make each attempt once. */
import fs from 'node:fs';
import { createTestApp } from '../_lib/testApp';
import { appsClosedAfterEach } from '../sandbox/_sandbox';
import { createHook, sendTest, settled, workersStoppedAfterEach } from './_deliveries';
import { makeTestCa, startEndpoint, type TestCa, type TestEndpoint } from './_endpoint';

let ca: TestCa;
let e: TestEndpoint;
beforeAll(() => {
  ca = makeTestCa();
});
afterAll(() => fs.rmSync(ca.dir, { recursive: true, force: true }));
beforeEach(async () => {
  e = await startEndpoint(ca);
});
afterEach(() => e.close());
const app = appsClosedAfterEach();
const worker = workersStoppedAfterEach();

it('delivers after a restart what was queued before it', async () => {
  const env = { SANDBOX_WEBHOOK_ALLOW: `127.0.0.1:${e.port}` };
  // The first instance queues the delivery and stops before any worker ran.
  const first = await createTestApp(env);
  const hook = await createHook(first, e.url());
  const res = await sendTest(first, hook);
  expect(res.body.status).toBe('pending');
  await first.storage.close();
  expect(e.received).toHaveLength(0);

  const second = await app(env, {}, undefined, { dataDir: first.dataDir, databaseUrl: first.databaseUrl });
  worker(second, ca);
  await e.waitFor(1);
  expect((await settled(second, hook, res.body.id as string)).status).toBe('succeeded');
});

it('makes each attempt once with two instances (workers) on one database', async () => {
  const env = { SANDBOX_WEBHOOK_ALLOW: `127.0.0.1:${e.port}` };
  const a = await app(env);
  const b = await app(env, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
  const hook = await createHook(a, e.url(), 'enterprise');
  const ids: string[] = [];
  for (let i = 0; i < 8; i++) ids.push((await sendTest(i % 2 ? a : b, hook)).body.id as string);
  // Both workers start on a full queue at the same moment.
  worker(a, ca, { id: 'instance-a', perHostConcurrency: 8 });
  worker(b, ca, { id: 'instance-b', perHostConcurrency: 8 });
  await e.waitFor(ids.length);
  for (const id of ids) expect((await settled(a, hook, id)).attempts).toHaveLength(1);
  await new Promise((r) => setTimeout(r, 300));
  const eventIds = e.received.map((r) => (JSON.parse(r.body.toString()) as { id: string }).id);
  expect(eventIds).toHaveLength(ids.length);
  expect(new Set(eventIds).size).toBe(ids.length);
});
