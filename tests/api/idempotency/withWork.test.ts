/**
 * A key is taken with the work it guards (issue 28): the handler runs unclaimed, and its bind or
 * complete claims the key in the work's own transaction. These cases pin that down; the contract
 * (contract.test.ts) checks that what clients see is unchanged.
 */
import express from 'express';
import { sql } from 'kysely';
import pino from 'pino';
import request from 'supertest';
import { IDEMPOTENCY, IDEMPOTENCY_HEADER } from '../../../src/data/apiReference';
import { idempotent, IdempotencyStore, requestFingerprint, type IdempotentHandler } from '../../../api-server/src/idempotency';
import { errorHandler } from '../../../api-server/src/http/errors';
import { createTestApp, TEST_ENGINE, type TestApp } from '../_lib/testApp';

const order = { planId: 'enterprise', customerName: 'Grace Hopper', customerEmail: 'grace@example.com' };
const logger = pino({ level: 'silent' });

/** The fingerprint `idempotent` gives a POST /thing with this body. */
const fingerprintOf = (body: unknown) => requestFingerprint('POST /thing', body);

describe('Idempotency-Key: taken with the work', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('a keyed checkout is one write: its key, its order and its answer commit together', async () => {
    const run = jest.spyOn(t.storage.writes, 'run');
    const committed = jest.spyOn(t.storage.writes, 'committed');
    const res = await request(t.app).post('/api/checkout').set(IDEMPOTENCY_HEADER, 'k-one-write').send(order);
    expect(res.status).toBe(200);
    expect([run.mock.calls.length, committed.mock.calls.length]).toEqual([1, 0]);
    const row = await t.db.selectFrom('checkout_idempotency').selectAll().where('key', '=', 'k-one-write').executeTakeFirstOrThrow();
    expect([row.resource_id, row.status_code, row.lease_until, JSON.parse(row.response_json!)]).toEqual([res.body.orderId, 200, null, res.body]);
  });

  it('the key of a demo checkout is written once, bound to its order and answered (no insert then update)', async () => {
    // Rows written on the connection (SQLite), or the version of the key's row (PostgreSQL: an
    // update leaves a new version after the first, (0,1)).
    const changes = async () => Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(t.db)).rows[0]!.n);
    const before = TEST_ENGINE === 'sqlite' ? await changes() : 0;
    const res = await request(t.app).post('/api/checkout').set(IDEMPOTENCY_HEADER, 'k-written-once').send(order);
    expect(res.status).toBe(200);
    // The order and its key.
    if (TEST_ENGINE === 'sqlite') expect((await changes()) - before).toBe(2);
    else expect((await sql<{ ctid: string }>`SELECT ctid::text FROM checkout_idempotency WHERE key = 'k-written-once'`.execute(t.db)).rows).toEqual([{ ctid: '(0,1)' }]);
  });

  it('a retry finds the key taken when it binds: its own order rolls back and the first answer is replayed', async () => {
    const first = await request(t.app).post('/api/checkout').set(IDEMPOTENCY_HEADER, 'k-retry').send(order);
    const again = await request(t.app).post('/api/checkout').set(IDEMPOTENCY_HEADER, 'k-retry').send(order);
    expect([again.status, again.body, again.headers[IDEMPOTENCY.replayedHeader.toLowerCase()]]).toEqual([200, first.body, 'true']);
    expect(await t.db.selectFrom('checkout_orders').select('id').execute()).toEqual([{ id: first.body.orderId }]);
  });

  it('a run whose claim rolled back leaves alone the key another request took meanwhile', async () => {
    const store = new IdempotencyStore(t.db, 'checkout_idempotency', () => t.clock.now, { writes: t.storage.writes });
    const bare = express();
    bare.post(
      '/thing',
      idempotent(
        store,
        logger,
        async (req, _res, key) => {
          await t.storage.writes
            .run(async (tx) => {
              await key!.bind('res_mine', tx);
              throw new Error('the rest of the work failed');
            })
            .catch(() => undefined);
          await t.storage.writes.run((tx) => store.claimNew(tx, req.get(IDEMPOTENCY_HEADER)!, fingerprintOf(null), { resourceId: 'res_theirs' }));
          throw new Error('this run fails too: a 500, which releases what it holds');
        },
      ),
    );
    bare.use(errorHandler(logger));
    const res = await request(bare).post('/thing').set(IDEMPOTENCY_HEADER, 'k-rolled-back');
    expect(res.status).toBe(500);
    const row = await t.db.selectFrom('checkout_idempotency').selectAll().where('key', '=', 'k-rolled-back').executeTakeFirstOrThrow();
    expect([row.resource_id, row.lease_until !== null]).toEqual(['res_theirs', true]);
  });

  describe('a handler that answers without creating anything', () => {
    /** A bare app with one keyed route. */
    function app(answer: IdempotentHandler) {
      const store = new IdempotencyStore(t.db, 'checkout_idempotency', () => t.clock.now, { writes: t.storage.writes });
      const bare = express();
      bare.use(express.json());
      bare.post('/thing', (req, res, next) => {
        res.locals.body = req.body as unknown;
        next();
      }, idempotent(store, logger, answer));
      bare.use(errorHandler(logger));
      return bare;
    }

    it('a retry of an answered key gets the first answer, replayed (the handler runs again, unclaimed, and stores nothing)', async () => {
      let runs = 0;
      const bare = app(async (_req, res) => {
        runs++;
        res.status(422).json({ success: false, error: `refused on run ${runs}` });
      });
      const first = await request(bare).post('/thing').set(IDEMPOTENCY_HEADER, 'k-422').send({ a: 1 });
      const again = await request(bare).post('/thing').set(IDEMPOTENCY_HEADER, 'k-422').send({ a: 1 });
      expect([first.status, first.body.error]).toEqual([422, 'refused on run 1']);
      expect([again.status, again.body.error, again.headers[IDEMPOTENCY.replayedHeader.toLowerCase()]]).toEqual([422, 'refused on run 1', 'true']);
      expect(runs).toBe(2);
    });

    it('answered while another request took the key: is answered as that key is (replayed, or refused for other parameters)', async () => {
      const bare = app(async (req, res) => {
        // Another request with this key answers while this one is still working.
        const other = (req.body as { a: number }).a === 1 ? { a: 1 } : { a: 3 };
        await new IdempotencyStore(t.db, 'checkout_idempotency', () => t.clock.now).answerNew(req.get(IDEMPOTENCY_HEADER)!, fingerprintOf(other), 409, { success: false, error: 'the other one' });
        res.status(422).json({ success: false, error: 'this one' });
      });
      const same = await request(bare).post('/thing').set(IDEMPOTENCY_HEADER, 'k-raced').send({ a: 1 });
      expect([same.status, same.body.error, same.headers[IDEMPOTENCY.replayedHeader.toLowerCase()]]).toEqual([409, 'the other one', 'true']);
      const other = await request(bare).post('/thing').set(IDEMPOTENCY_HEADER, 'k-raced-2').send({ a: 2 });
      expect([other.status, other.body.error]).toEqual([IDEMPOTENCY.refusals.reused.status, IDEMPOTENCY.refusals.reused.message]);
    });
  });
});
