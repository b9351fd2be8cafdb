/**
 * The test clock (issue 47): one per key, standing still at the key's creation until advanced,
 * never back, at most TEST_CLOCK.maxAdvanceDays per advance, advances of one key one at a time;
 * every stamp the key's objects and events carry is its clock's; the key's expiry is real time's.
 */
import request from 'supertest';
import { endpointById as endpoint, SAMPLE_IDS } from '../../../src/data/apiReference';
import { clockErrors, sandboxOnlyEndpoint } from '../../../src/data/apiReference/endpoints/sandbox';
import { PLAN_LIMITS } from '../../../src/data/limits';
import { SANDBOX_KEY_TTL_MS, SANDBOX_REQUESTS_URL } from '../../../src/data/sandbox';
import { TEST_CLOCK, TEST_CLOCK_MAX_ADVANCE_MS } from '../../../src/data/sandboxTime';
import { advanceBy, advanceTo, readClock, type ClockBody } from './_clock';
import { appsClosedAfterEach, headersFor, mintKey, schemaErrors, send } from '../sandbox/_sandbox';

const app = appsClosedAfterEach();
const DAY = 86_400_000;
type ErrorBody = { error: { type: string; code: string; message: string; param: string | null } };

it('starts a new key\'s clock at the real time of its creation and keeps it there while real time passes', async () => {
  const t = await app();
  const minted = t.clock.now.toISOString().replace('.000Z', 'Z');
  const h = headersFor(await mintKey(t.app, 'business'), 'business');
  t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
  const res = await readClock(t.app, h);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ object: TEST_CLOCK.object, frozen_time: minted, status: TEST_CLOCK.statuses[0] });
  const getClock = sandboxOnlyEndpoint('getTestClock');
  const advance = sandboxOnlyEndpoint('advanceTestClock');
  expect(schemaErrors(getClock, 200, res.body)).toBeNull();
  expect(schemaErrors(advance, 200, await advanceBy(t.app, h, 1000))).toBeNull();
  expect(schemaErrors(advance, 400, (await advanceTo(t.app, h, minted)).body)).toBeNull();
  const account = await send(t.app, endpoint('createBankAccount'), h);
  expect([account.body.created_at, account.body.updated_at]).toEqual(['2026-01-15T10:00:01Z', '2026-01-15T10:00:01Z']);
});

it('stamps objects at the advanced time, while the key still expires by real time', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'business'), 'business');
  const clock = await advanceBy(t.app, h, TEST_CLOCK_MAX_ADVANCE_MS);
  expect(clock.frozen_time).toBe('2026-02-15T10:00:00Z');
  const account = await send(t.app, endpoint('createBankAccount'), h);
  expect([account.status, account.body.created_at]).toEqual([201, '2026-02-15T10:00:00Z']);
  // A month of clock time later the key still works; a day of real time later it does not.
  t.clock.now = new Date(t.clock.now.getTime() + SANDBOX_KEY_TTL_MS);
  const expired = await readClock(t.app, h);
  expect([expired.status, (expired.body as ErrorBody).error.code]).toEqual([401, 'api_key_expired']);
});

it('keeps the clocks of two keys apart', async () => {
  const t = await app();
  const a = headersFor(await mintKey(t.app, 'starter'), 'starter');
  const b = headersFor(await mintKey(t.app, 'starter'), 'starter');
  await advanceBy(t.app, a, 10 * DAY);
  expect((await readClock(t.app, a)).body.frozen_time).toBe('2026-01-25T10:00:00Z');
  expect((await readClock(t.app, b)).body.frozen_time).toBe('2026-01-15T10:00:00Z');
  const txn = await send(t.app, endpoint('createTransaction'), b);
  expect(txn.body.created_at).toBe('2026-01-15T10:00:00Z');
});

it('answers the documented 400s for a time not after the clock, too far ahead, or not an ISO time, and moves nothing', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'starter'), 'starter');
  const current = '2026-01-15T10:00:00Z';
  const cases: [string, ReturnType<typeof clockErrors.format>][] = [
    ['2026-01-14T10:00:00Z', clockErrors.notAfter(current)],
    [current, clockErrors.notAfter(current)],
    ['2026-02-15T10:00:01Z', clockErrors.tooFar('2026-02-15T10:00:00Z')],
    ['2026-02-01', clockErrors.format()],
    ['next tuesday', clockErrors.format()],
  ];
  for (const [frozen, expected] of cases) {
    const res = await advanceTo(t.app, h, frozen);
    expect([frozen, res.status, (res.body as ErrorBody).error]).toEqual([frozen, expected.status, { type: 'invalid_request_error', code: expected.code, message: expected.message, param: expected.param, request_id: expect.any(String) }]);
  }
  const missing = await request(t.app).post('/sandbox/v1/test_clock/advance').set(h).send({});
  expect([missing.status, (missing.body as ErrorBody).error.code]).toEqual([400, 'parameter_missing']);
  expect((await readClock(t.app, h)).body.frozen_time).toBe(current);
  // A zone other than Z names the same instant.
  const offset = await advanceTo(t.app, h, '2026-01-15T12:00:00+01:00');
  expect([offset.status, offset.body.frozen_time]).toEqual([200, '2026-01-15T11:00:00Z']);
});

it('runs two advances of one key one after the other: the second to the same time answers 400, and each transition happens once', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'starter'), 'starter');
  await send(t.app, endpoint('createTransaction'), h);
  const target = '2026-01-18T10:00:00Z';
  const [a, b] = await Promise.all([advanceTo(t.app, h, target), advanceTo(t.app, h, target)]);
  const answers = [a, b].sort((x, y) => x.status - y.status);
  expect(answers.map((r) => r.status)).toEqual([200, 400]);
  expect((answers[1]!.body as ErrorBody).error).toMatchObject({ code: clockErrors.notAfter(target).code, message: clockErrors.notAfter(target).message });
  expect((answers[0]!.body as ClockBody).events!.map((e) => e.type)).toEqual(['transaction.completed', 'transaction.completed']);
  expect((await readClock(t.app, h)).body.frozen_time).toBe(target);
});

it('shows the clock time of each request in the key\'s request log', async () => {
  const t = await app();
  const key = await mintKey(t.app, 'starter');
  const h = headersFor(key, 'starter');
  await readClock(t.app, h);
  await advanceTo(t.app, h, '2026-01-18T10:00:00Z');
  await readClock(t.app, h);
  const log = await request(t.app).get(SANDBOX_REQUESTS_URL).set('Authorization', `Bearer ${key}`);
  expect((log.body.data as { clockTime: string; path: string }[]).map((r) => [r.path, r.clockTime])).toEqual([
    ['/sandbox/v1/test_clock', '2026-01-18T10:00:00Z'],
    ['/sandbox/v1/test_clock/advance', '2026-01-18T10:00:00Z'],
    ['/sandbox/v1/test_clock', '2026-01-15T10:00:00Z'],
  ]);
});

it('refuses transactions past the monthly allowance with the documented 429 until the clock\'s next month', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'starter'), 'starter');
  const limit = PLAN_LIMITS.starter.transactionsPerMonth!;
  const keyId = (await t.db.selectFrom('sandbox_keys').select('id').executeTakeFirstOrThrow()).id;
  // The allowance is counted, not replayed: a key holds far fewer objects than a month allows.
  await t.db.insertInto('sandbox_usage').values({ key_id: keyId, month: '2026-01', transactions: limit - 1, api_calls: 0 }).execute();
  expect((await send(t.app, endpoint('createTransaction'), h)).status).toBe(201);
  const refused = await send(t.app, endpoint('createTransaction'), h);
  expect([refused.status, (refused.body as ErrorBody).error]).toEqual([
    429,
    {
      type: 'rate_limit_error',
      code: 'monthly_allowance_exceeded',
      message: 'Monthly allowance reached: the Starter plan includes 1,000 transactions per month, all used in 2026-01. It starts again at 2026-02-01T00:00:00Z (your key\'s test clock).',
      param: null,
      request_id: expect.any(String),
    },
  ]);
  expect((await readClock(t.app, h)).body.allowances.transactions).toEqual({ used: limit, limit });
  const next = await advanceTo(t.app, h, '2026-02-01T00:00:00Z');
  expect(next.body.allowances).toEqual({ month: '2026-02', resets_at: '2026-03-01T00:00:00Z', transactions: { used: 0, limit }, api_calls: { used: 0, limit: PLAN_LIMITS.starter.apiCallsPerMonth } });
  expect((await send(t.app, endpoint('createTransaction'), h)).status).toBe(201);
});

it('counts API calls per clock month, refuses them past the allowance, and lets the clock move on to the next month', async () => {
  const t = await app();
  const h = headersFor(await mintKey(t.app, 'starter'), 'starter');
  const limit = PLAN_LIMITS.starter.apiCallsPerMonth!;
  await send(t.app, endpoint('listBankAccounts'), h);
  await send(t.app, endpoint('listBankAccounts'), h);
  // Two documented calls; the clock's own calls are tools and do not count.
  expect((await readClock(t.app, h)).body.allowances.api_calls).toEqual({ used: 2, limit });
  await t.db.updateTable('sandbox_usage').set({ api_calls: limit }).execute();
  const refused = await send(t.app, endpoint('listBankAccounts'), h);
  expect([refused.status, (refused.body as ErrorBody).error.code]).toEqual([429, 'monthly_allowance_exceeded']);
  expect((refused.body as ErrorBody).error.message).toContain('10,000 API calls per month, all used in 2026-01');
  expect((await advanceTo(t.app, h, '2026-02-01T00:00:00Z')).status).toBe(200);
  expect((await send(t.app, endpoint('listBankAccounts'), h)).status).toBe(200);
  expect((await send(t.app, endpoint('listTransactions'), h, { account_id: SAMPLE_IDS.account })).status).toBe(200);
});

it('keeps one clock per key across two instances on one database: concurrent advances through both apply each transition once', async () => {
  const a = await app();
  const b = await app({}, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
  const h = headersFor(await mintKey(a.app, 'starter'), 'starter');
  await send(b.app, endpoint('createTransaction'), h);
  const target = '2026-01-18T10:00:00Z';
  const answers = (await Promise.all([advanceTo(a.app, h, target), advanceTo(b.app, h, target)])).sort((x, y) => x.status - y.status);
  expect(answers.map((r) => r.status)).toEqual([200, 400]);
  expect((answers[0]!.body as ClockBody).events!.map((e) => e.type)).toEqual(['transaction.completed', 'transaction.completed']);
  expect((await readClock(b.app, h)).body.frozen_time).toBe(target);
  expect((await readClock(a.app, h)).body.frozen_time).toBe(target);
  const events = await a.db.selectFrom('sandbox_events').select('type').execute();
  expect(events.map((e) => e.type)).toEqual(['transaction.completed', 'transaction.completed']);
});

it('runs in whole seconds: a key made at a fractional second settles what it created when advanced by the delay from the shown time', async () => {
  const t = await app();
  t.clock.now = new Date('2026-01-15T10:00:00.456Z');
  const h = headersFor(await mintKey(t.app, 'starter'), 'starter');
  const txn = await send(t.app, endpoint('createTransaction'), h);
  expect(txn.body.created_at).toBe('2026-01-15T10:00:00Z');
  const advanced = await advanceTo(t.app, h, '2026-01-17T10:00:00Z');
  expect((advanced.body as ClockBody).events!.map((e) => [e.type, e.created])).toEqual([
    ['transaction.completed', Date.parse('2026-01-17T10:00:00Z') / 1000],
    ['transaction.completed', Date.parse('2026-01-17T10:00:00Z') / 1000],
  ]);
});
