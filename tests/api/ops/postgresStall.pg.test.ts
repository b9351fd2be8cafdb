import net from 'node:net';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLAN_IDS } from '../../../src/data/plans';
import { OVERLOAD } from '../../../src/data/operations';
import { BUSY_MESSAGE, Overload } from '../../../api-server/src/http/overload';
import { startPostgres, type RestartablePostgres } from '../../_services';
import { createTestApp, type TestApp } from '../_lib/testApp';

/**
 * PostgreSQL frozen (SIGSTOP) under a running instance, connections open and queries hanging: the
 * instance holds only OVERLOAD.minInFlight requests behind it and answers the rest at once with
 * 503, keeps answering its probes, and once the database goes on answers every request it held,
 * nothing lost. With a fixed in-flight limit (the 128 of before) every request would wait.
 */
describe('PostgreSQL frozen under a running instance', () => {
  let pg: RestartablePostgres | undefined;
  let t: TestApp | undefined;
  let server: http.Server | undefined;
  // The production limits; sampled every 20 ms so the test need not wait 100 ms a step.
  const overload = new Overload({ sampleMs: 20 }).start();
  afterAll(async () => {
    pg?.resume();
    overload.stop();
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await t?.close();
    pg?.stop();
  });

  /** One POST over a connection of its own; resolves with the status and body once answered. */
  const post = (port: number, path: string, body: unknown) =>
    new Promise<{ status: number; body: Record<string, unknown>; headers: string; ms: number }>((resolve, reject) => {
      const data = JSON.stringify(body);
      const started = performance.now();
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('error', reject);
      socket.on('end', () => {
        const [head = '', rest = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), body: rest ? (JSON.parse(rest) as Record<string, unknown>) : {}, headers: head, ms: performance.now() - started });
      });
      socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(data)}\r\nConnection: close\r\n\r\n${data}`);
    });
  const get = (port: number, path: string) =>
    new Promise<number>((resolve, reject) => http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on('error', reject));

  it(`holds ${OVERLOAD.minInFlight} checkouts behind the frozen database, refuses the next at once with 503, and answers every held one once it thaws`, async () => {
    pg = await startPostgres();
    t = await createTestApp({}, { overload }, undefined, { databaseUrl: pg.url });
    server = http.createServer(t.app);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const checkout = (i: number) => ({ planId: PLAN_IDS[i % PLAN_IDS.length], customerName: `Buyer ${i}`, customerEmail: 'buyer@example.com' });
    expect((await post(port, '/api/checkout', checkout(0))).status).toBe(200);

    pg.pause();
    const held = Array.from({ length: OVERLOAD.minInFlight + 8 }, (_, i) => post(port, '/api/checkout', checkout(i + 1)));
    // Nothing completes while they wait: within a few samples the limit is down to minInFlight.
    for (let i = 0; i < 200 && !(overload.inFlight >= OVERLOAD.minInFlight && overload.admission.value === OVERLOAD.minInFlight); i++) await new Promise((r) => setTimeout(r, 10));
    expect({ inFlight: overload.inFlight, limit: overload.admission.value }).toEqual({ inFlight: OVERLOAD.minInFlight + 8, limit: OVERLOAD.minInFlight });

    const refused = await post(port, '/api/checkout', checkout(99));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ success: false, error: BUSY_MESSAGE });
    expect(refused.headers).toMatch(/\r\nRetry-After: 1\r\n/);
    // At once: nothing of it waited for the database (a generous bound for a busy CI machine).
    expect(refused.ms).toBeLessThan(1_000);
    expect(await get(port, '/healthz')).toBe(200);

    pg.resume();
    const answers = await Promise.all(held);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const ids = answers.map((a) => String(a.body.orderId));
    expect(new Set(ids).size).toBe(held.length);
    // Completions again: the limit rises as soon as a busy interval sees them (here, next traffic).
    expect((await post(port, '/api/checkout', checkout(100))).status).toBe(200);
  }, 60_000);
});
