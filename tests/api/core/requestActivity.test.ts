import express from 'express';
import request from 'supertest';
import { LOAD_WINDOW_MS, RequestActivity, SATURATED_LOOP } from '../../../api-server/src/http/activity';

/** Keeps the event loop running code (no idle time) for `ms`. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose: the load the activity measures is time the loop was not idle.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 28: mail delivery steps aside only while requests wait on a saturated server. Stepping
 * aside for every request in flight starved the outbox at a steady rate the server carries.
 */
describe('RequestActivity: busy means requests waiting on a saturated loop', () => {
  /** An app whose one route holds its request until `release` is called. */
  function holdingApp(activity: RequestActivity) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const app = express();
    app.use(activity.middleware);
    app.get('/hold', async (_req, res) => {
      await held;
      res.json({ ok: true });
    });
    return { app, release };
  }

  it('is not busy with no request in flight, however loaded the loop', async () => {
    const activity = new RequestActivity();
    spin(LOAD_WINDOW_MS * 1.5);
    expect(activity.loopLoad()).toBeGreaterThanOrEqual(SATURATED_LOOP);
    expect(activity.busy()).toBe(false);
  });

  it('is not busy while a request waits on an idle loop', async () => {
    const activity = new RequestActivity();
    const { app, release } = holdingApp(activity);
    const answer = request(app).get('/hold').then((r) => r);
    await sleep(LOAD_WINDOW_MS * 1.5);
    expect(activity.loopLoad()).toBeLessThan(SATURATED_LOOP);
    expect(activity.busy()).toBe(false);
    release();
    expect((await answer).status).toBe(200);
  });

  it('is busy while a request waits on a saturated loop, and not once it is answered', async () => {
    const activity = new RequestActivity();
    const { app, release } = holdingApp(activity);
    const answer = request(app).get('/hold').then((r) => r);
    // A window starts now (the idle wait is behind it), then the loop runs code throughout.
    await sleep(LOAD_WINDOW_MS + 10);
    activity.loopLoad();
    spin(LOAD_WINDOW_MS * 1.5);
    expect(activity.busy()).toBe(true);
    release();
    expect((await answer).status).toBe(200);
    expect(activity.busy()).toBe(false);
  });
});
