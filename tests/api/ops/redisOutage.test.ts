import pino from 'pino';
import { RedisCounters } from '../../../api-server/src/counters/redis';
import { startRedis, type RunningService } from '../../_services';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { Acknowledged, DOWN_BUDGET_MS, NOT_HUNG_MS, RECOVERY_BUDGET_MS, serve, timeToRecover, type Served } from './_outage';

/**
 * Redis (REDIS_URL) killed under a running instance, then started again on the same port (empty:
 * no persistence): limited writes answer 503, the process stays alive and unready, and recovers.
 */
describe('Redis killed and restarted under a running instance', () => {
  let redis: RunningService | undefined;
  let back: RunningService | undefined;
  let counters: RedisCounters | undefined;
  let t: TestApp | undefined;
  let s: Served | undefined;
  afterAll(async () => {
    await s?.close();
    await t?.close();
    await counters?.close();
    redis?.stop();
    back?.stop();
  });

  it(`answers writes 503 JSON at once while it is down (median within ${DOWN_BUDGET_MS} ms), /healthz 200 and /readyz 503 naming it, and writes again within ${RECOVERY_BUDGET_MS} ms of its return, nothing acknowledged lost`, async () => {
    redis = await startRedis();
    counters = new RedisCounters(redis.url, { logger: pino({ level: 'silent' }), prefix: 'test:ops-outage:' });
    t = await createTestApp({ REDIS_URL: redis.url }, { counters });
    s = await serve(t);
    const ack = new Acknowledged();
    for (let i = 0; i < 5; i++) expect((await ack.write(t, s, i)).map((a) => a.status)).toEqual([201, 200]);
    expect((await s.send('GET', '/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });

    redis.stop();
    const down: number[] = [];
    for (let i = 0; i < 10; i++) {
      for (const a of await ack.write(t, s, 100 + i)) {
        expect(a.status).toBe(503);
        expect(a.body).toEqual({ success: false, error: expect.stringMatching(/Nothing was sent or saved/) });
        expect(a.headers['retry-after']).toBeDefined();
        down.push(a.ms);
      }
      expect((await s.send('GET', '/healthz')).status).toBe(200);
      const ready = await s.send('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'unavailable', checks: { database: 'ok', redis: expect.stringMatching(/^down: /) } });
    }
    const slowest = Math.max(...down);
    // The figure the issue asks to report.
    console.log(`Redis down: ${down.length} writes, slowest ${slowest.toFixed(1)} ms (${down.map((d) => d.toFixed(1)).join(' ')})`);
    expect([...down].sort((a, b) => a - b)[down.length >> 1]).toBeLessThan(DOWN_BUDGET_MS);
    expect(slowest).toBeLessThan(NOT_HUNG_MS);

    // Past the reconnection backoff's ceiling (250 ms), so the return is not caught by luck; short,
    // so no other suite's server is handed the freed port meanwhile.
    await new Promise((r) => setTimeout(r, 600));
    back = await startRedis(redis.port);
    const recovered = await timeToRecover(t, s, ack, Date.now());
    console.log(`Redis back: writes succeed ${recovered} ms after it listens`);
    expect(recovered).toBeLessThan(RECOVERY_BUDGET_MS);
    expect((await s.send('GET', '/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expect(await ack.missing(t)).toEqual([]);
  }, 60_000);
});
