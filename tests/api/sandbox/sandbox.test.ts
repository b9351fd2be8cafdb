/**
 * The v1 sandbox (issue 17) against the real app and database: every documented example, the
 * plan gating of every operation and event, and the rules the reference promises.
 */
import { LATEST_API_VERSION } from '../../../src/data/apiVersioning';
import request from 'supertest';
import { API_ENDPOINTS, SAMPLE_IDS, WEBHOOK_EVENTS, type ApiEndpoint } from '../../../src/data/apiReference';
import { PLAN_IDS, type PlanId } from '../../../src/data/plans';
import { SANDBOX_KEY_TTL_MS, SANDBOX_KEYS_URL } from '../../../src/data/sandbox';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey, schemaErrors, send } from './_sandbox';

const endpoint = (id: string): ApiEndpoint => API_ENDPOINTS.find((e) => e.id === id)!;
type ErrorBody = { error: { type: string; code: string; message: string; param: string | null; request_id: string } };

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('POST /api/sandbox/keys', () => {
  it('mints a key for the plan that expires in 24 hours, pinned to the newest API version', async () => {
    const res = await request(t.app).post(SANDBOX_KEYS_URL).send({ plan: 'business' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, key: expect.stringMatching(/^sk_test_[0-9A-Za-z]{32}$/), plan: 'business', expiresAt: new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS).toISOString(), apiVersion: LATEST_API_VERSION });
  });

  it('refuses an unknown plan with a sentence', async () => {
    const res = await request(t.app).post(SANDBOX_KEYS_URL).send({ plan: 'platinum' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Please choose a plan: starter, business, enterprise' });
  });

  it('is rate limited per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await request(t.app).post(SANDBOX_KEYS_URL).send({ plan: 'starter' })).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('every documented example', () => {
  it.each(PLAN_IDS.map((p) => [p]))('answers on the %s plan as the OpenAPI document describes, or with the 403 the plan page promises', async (plan: PlanId) => {
    const key = await mintKey(t.app, plan);
    for (const e of API_ENDPOINTS) {
      const res = await send(t.app, e, headersFor(key, plan));
      const allowed = e.plans.includes(plan);
      expect([e.id, res.status]).toEqual([e.id, allowed ? e.response.status : 403]);
      expect([e.id, schemaErrors(e, res.status, res.body)]).toEqual([e.id, null]);
      expect(res.headers['request-id']).toMatch(/^req_/);
      if (!allowed) expect((res.body as ErrorBody).error).toMatchObject({ type: 'permission_error', code: 'plan_upgrade_required', request_id: res.headers['request-id'] });
    }
  });
});

describe('event gating', () => {
  it.each(PLAN_IDS.map((p) => [p]))('on the %s plan, a webhook may subscribe to and be sent exactly the events of the plan', async (plan: PlanId) => {
    const key = await mintKey(t.app, plan);
    const h = headersFor(key, plan);
    const all = await send(t.app, endpoint('createWebhook'), h, { url: 'https://example.com/hook', events: WEBHOOK_EVENTS.filter((e) => e.plans.includes(plan)).map((e) => e.type) });
    expect(all.status).toBe(201);
    for (const event of WEBHOOK_EVENTS) {
      const allowed = event.plans.includes(plan);
      const sent = await send(t.app, endpoint('testWebhook'), h, { id: SAMPLE_IDS.webhook, event: event.type });
      expect([event.type, sent.status]).toEqual([event.type, allowed ? 201 : 403]);
      expect([event.type, schemaErrors(endpoint('testWebhook'), sent.status, sent.body)]).toEqual([event.type, null]);
      if (!allowed) expect((sent.body as ErrorBody).error).toMatchObject({ type: 'permission_error', code: 'event_not_in_plan', param: 'event' });
      if (!allowed) {
        const refused = await send(t.app, endpoint('createWebhook'), h, { url: 'https://example.com/hook', events: [event.type] });
        expect([event.type, refused.status, (refused.body as ErrorBody).error]).toEqual([event.type, 403, expect.objectContaining({ code: 'event_not_in_plan', param: 'events[0]' })]);
      }
    }
  });
});
