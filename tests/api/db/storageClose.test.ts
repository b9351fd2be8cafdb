import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../../api-server/src/db/database';
import { openTestStorage, testDatabaseUrl } from '../_lib/testApp';

/**
 * A graceful stop closes the storage once no connection is left. A client that hung up is no
 * connection, but its handler may still have a write queued: the close lets it finish, stored,
 * instead of destroying the database under it ("driver has already been destroyed").
 */
describe('closing the storage', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-close-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const insert = (key: string) => (tx: Db) => tx.insertInto('checkout_idempotency').values({ key, request_hash: 'h', created_at: 1 }).execute();

  it('waits for writes already queued, and for a handler that queues its next step while they run, then closes', async () => {
    const url = await testDatabaseUrl();
    const storage = await openTestStorage(dir, url);
    // Queued, not yet run: the batch starts on a later turn of the event loop.
    const first = storage.writes.run(insert('queued-1'));
    const second = storage.writes.committed(insert('queued-2'));
    // A handler's next write, queued once its first is stored (as checkout's claim, then order).
    const chained = first.then(() => storage.writes.run(insert('chained')));
    await storage.close();
    await expect(Promise.all([first, second, chained])).resolves.toHaveLength(3);

    const reopened = await openTestStorage(dir, url);
    try {
      const keys = (await reopened.db.selectFrom('checkout_idempotency').select('key').orderBy('key').execute()).map((r) => r.key);
      expect(keys).toEqual(['chained', 'queued-1', 'queued-2']);
    } finally {
      await reopened.close();
    }
  });
});
