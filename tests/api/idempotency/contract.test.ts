/**
 * One Idempotency-Key contract for every feature that honours the header (api-server/src/http/
 * idempotency): the same cases, run against the live API's checkout and a sandbox POST. Each
 * feature answers in its own envelope; status, message, replay header and effects are the same.
 */
import request from 'supertest';
import { API_ENDPOINTS, IDEMPOTENCY, IDEMPOTENCY_HEADER } from '../../../src/data/apiReference';
import { IDEMPOTENCY_LEASE_MS, type IdempotencyTableName } from '../../../api-server/src/idempotency';
import { keyId } from '../../../api-server/src/sandbox/keys';
import { createTestApp, type TestApp } from '../_lib/testApp';
import { headersFor, mintKey, send } from '../sandbox/_sandbox';

type Res = { status: number; body: unknown; headers: Record<string, string> };
type Variant = 'first' | 'other' | 'invalid';

interface Subject {
  name: string;
  table: IdempotencyTableName;
  /** Before each case (the sandbox mints its API key). */
  prepare(t: TestApp): Promise<void>;
  /** Sends the subject's POST: the same parameters for 'first', others for 'other', a refused body for 'invalid'. */
  post(t: TestApp, header: string | undefined, variant?: Variant): Promise<Res>;
  /** The stored key of a header (the sandbox scopes keys by API key). */
  rowKey(header: string): string;
  /** The error message, whichever envelope carries it. */
  message(res: Res): string;
  /** How many things the subject's POSTs created so far. */
  created(t: TestApp): Promise<number>;
}

const order = { planId: 'enterprise', customerName: 'Grace Hopper', customerEmail: 'grace@example.com' };
const checkout: Subject = {
  name: 'POST /api/checkout',
  table: 'checkout_idempotency',
  prepare: async () => undefined,
  post: async (t, header, variant = 'first') => {
    const body = variant === 'first' ? order : variant === 'other' ? { ...order, planId: 'starter' } : { ...order, customerEmail: 'nope' };
    const req = request(t.app).post('/api/checkout');
    if (header !== undefined) req.set(IDEMPOTENCY_HEADER, header);
    return req.send(body);
  },
  rowKey: (header) => header,
  message: (res) => (res.body as { error: string }).error,
  created: async (t) => (await t.db.selectFrom('checkout_orders').select('id').execute()).length,
};

const createPayment = API_ENDPOINTS.find((e) => e.id === 'createPayment')!;
let apiKey = '';
const sandbox: Subject = {
  name: 'POST /sandbox/v1/payments',
  table: 'sandbox_idempotency_keys',
  prepare: async (t) => {
    apiKey = await mintKey(t.app, 'starter');
  },
  post: async (t, header, variant = 'first') => {
    const values = variant === 'first' ? createPayment.example : variant === 'other' ? { ...createPayment.example, amount: 999 } : { ...createPayment.example, amount: 'lots' };
    return send(t.app, createPayment, { ...headersFor(apiKey, 'starter'), ...(header === undefined ? {} : { [IDEMPOTENCY_HEADER]: header }) }, values);
  },
  rowKey: (header) => `${keyId(apiKey)}:${header}`,
  message: (res) => (res.body as { error: { message: string } }).error.message,
  created: async (t) => (await t.db.selectFrom('sandbox_objects').select('id').where('kind', '=', 'payment').execute()).length,
};

const { replayedHeader, refusals } = IDEMPOTENCY;

describe.each([checkout, sandbox])('Idempotency-Key on $name', (subject) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await subject.prepare(t);
  });
  afterEach(() => t.close());

  it('without a key, every request runs', async () => {
    await subject.post(t, undefined);
    await subject.post(t, undefined);
    expect(await subject.created(t)).toBe(2);
  });

  it('replays the first status and body for the same key and parameters, marked as replayed', async () => {
    const first = await subject.post(t, 'k-replay');
    const again = await subject.post(t, 'k-replay');
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect([first.headers[replayedHeader.toLowerCase()], again.headers[replayedHeader.toLowerCase()]]).toEqual([undefined, 'true']);
    expect(await subject.created(t)).toBe(1);
  });

  it('refuses the key with other parameters (400), without running', async () => {
    await subject.post(t, 'k-reuse');
    const other = await subject.post(t, 'k-reuse', 'other');
    expect([other.status, subject.message(other)]).toEqual([refusals.reused.status, refusals.reused.message]);
    expect(refusals.reused.status).toBe(400);
    expect(await subject.created(t)).toBe(1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    await subject.post(t, 'k-flight');
    // The state of a key whose request runs on some instance: claimed under a live lease, unanswered.
    await t.db
      .updateTable(subject.table)
      .set({ status_code: null, response_json: null, lease_until: t.clock.now.getTime() + IDEMPOTENCY_LEASE_MS })
      .where('key', '=', subject.rowKey('k-flight'))
      .execute();
    const retry = await subject.post(t, 'k-flight');
    expect([retry.status, subject.message(retry)]).toEqual([409, refusals.inFlight.message]);
    expect(await subject.created(t)).toBe(1);
  });

  it('gives two requests sent together with one key one run and one answer', async () => {
    const [a, b] = await Promise.all([subject.post(t, 'k-twice'), subject.post(t, 'k-twice')]);
    expect([b.status, b.body]).toEqual([a.status, a.body]);
    expect(await subject.created(t)).toBe(1);
  });

  it.each([['empty', ''], ['too long', 'k'.repeat(256)], ['with spaces', 'a key']])('refuses a key that is %s (400)', async (_label, header) => {
    const res = await subject.post(t, header);
    expect([res.status, subject.message(res)]).toEqual([400, refusals.invalid.message]);
    expect(await subject.created(t)).toBe(0);
  });

  it('does not remember a request refused before it ran', async () => {
    expect((await subject.post(t, 'k-bad', 'invalid')).status).toBe(400);
    const good = await subject.post(t, 'k-bad');
    expect([good.status < 300, good.headers[replayedHeader.toLowerCase()]]).toEqual([true, undefined]);
    expect(await subject.created(t)).toBe(1);
  });
});
