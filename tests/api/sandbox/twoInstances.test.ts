/** Two sandbox instances on one database share keys and idempotent answers. */
import { endpointById as endpoint } from '../../../src/data/apiReference';
import { appsClosedAfterEach, headersFor, mintKey, send } from './_sandbox';

const app = appsClosedAfterEach();

it('works across two instances on one database: a key minted on one is known to the other, and concurrent retries create one payment', async () => {
  const a = await app();
  const b = await app({}, {}, undefined, { dataDir: a.dataDir, databaseUrl: a.databaseUrl });
  const key = await mintKey(a.app, 'business');
  const h = { ...headersFor(key, 'business'), 'Idempotency-Key': 'retry-1' };
  const [r1, r2] = await Promise.all([send(a.app, endpoint('createPayment'), h), send(b.app, endpoint('createPayment'), h)]);
  expect([r1.status, r2.status]).toEqual([201, 201]);
  expect(r2.body).toEqual(r1.body);
  const payments = await a.db.selectFrom('sandbox_objects').select('id').where('kind', '=', 'payment').execute();
  expect(payments).toEqual([{ id: r1.body.id }]);
});
