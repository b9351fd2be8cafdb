import { startPostgres, type RestartablePostgres } from '../../_services';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { Acknowledged, DOWN_BUDGET_MS, NOT_HUNG_MS, RECOVERY_BUDGET_MS, serve, timeToRecover, type Served } from './_outage';

/**
 * PostgreSQL stopped for real (pg_ctl stop) under a running instance, then started again on the
 * same port: the instance answers, stays alive, reports itself unready, and recovers by itself.
 */
describe('PostgreSQL stopped and restarted under a running instance', () => {
  let pg: RestartablePostgres | undefined;
  let t: TestApp | undefined;
  let s: Served | undefined;
  afterAll(async () => {
    await s?.close();
    await t?.close();
    pg?.stop();
  });

  it(`answers writes 503 JSON at once while it is down (median within ${DOWN_BUDGET_MS} ms), /healthz 200 and /readyz 503 naming it, and writes again within ${RECOVERY_BUDGET_MS} ms of its return, nothing acknowledged lost`, async () => {
    pg = await startPostgres();
    t = await createTestApp({}, {}, undefined, { databaseUrl: pg.url });
    s = await serve(t);
    const ack = new Acknowledged();
    for (let i = 0; i < 5; i++) expect((await ack.write(t, s, i)).map((a) => a.status)).toEqual([201, 200]);
    expect((await s.send('GET', '/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok' } });

    pg.halt();
    const down: number[] = [];
    for (let i = 0; i < 10; i++) {
      for (const a of await ack.write(t, s, 100 + i)) {
        expect(a.status).toBe(503);
        expect(a.body).toEqual({ success: false, error: expect.stringMatching(/Nothing was saved/) });
        expect(a.headers['retry-after']).toBeDefined();
        down.push(a.ms);
      }
      expect((await s.send('GET', '/healthz')).status).toBe(200);
      const ready = await s.send('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', checks: { database: expect.stringMatching(/^down: /) } });
    }
    const slowest = Math.max(...down);
    console.log(down.map((d) => d.toFixed(1)).join(" "));
    // The figure the issue asks to report.
    console.log(`PostgreSQL down: ${down.length} writes, slowest ${slowest.toFixed(1)} ms, median ${down.sort((a, b) => a - b)[down.length >> 1]!.toFixed(1)} ms`);
    expect([...down].sort((a, b) => a - b)[down.length >> 1]).toBeLessThan(DOWN_BUDGET_MS);
    expect(slowest).toBeLessThan(NOT_HUNG_MS);

    pg.restart();
    const recovered = await timeToRecover(t, s, ack, Date.now());
    console.log(`PostgreSQL back: writes succeed ${recovered} ms after it accepts connections`);
    expect(recovered).toBeLessThan(RECOVERY_BUDGET_MS);
    expect((await s.send('GET', '/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok' } });
    expect(ack.tickets.length).toBeGreaterThanOrEqual(6);
    expect(await ack.missing(t)).toEqual([]);
  }, 60_000);
});
