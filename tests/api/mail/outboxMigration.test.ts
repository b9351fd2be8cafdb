import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations, type Storage } from '../../../api-server/src/db/database';
import { ALL_MIGRATIONS } from '../../../api-server/src/features';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { openStorage } from '../../../api-server/src/db/storage';
import { testDatabaseUrl } from '../_lib/testApp';

/**
 * outbox-005 retires the random message_id (issue 28): the mail already queued keeps its rows
 * and ids, ids are still never reused, and a server of the version before can still queue mail.
 */
describe('outbox-005 on a database with mail in it', () => {
  let dir: string;
  let storage: Storage;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-005-'));
    // Not openTestStorage: it would run every migration at once.
    storage = await openStorage({ dataDir: dir, databaseUrl: await testDatabaseUrl(), poolSize: 2 });
  });
  afterEach(async () => {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A row as the version before outbox-005 queued it. */
  const olderRow = (n: number) => ({
    ref: `old:${n}`,
    message_id: `<${n}.old@ledgerline.test>`,
    to_addr: `user${n}@ledgerline.test`,
    from_addr: 'Ledgerline <no-reply@ledgerline.test>',
    subject: `Old ${n}`,
    text_body: 'body',
    next_attempt_at: 1_700_000_000_000 + n,
    created_at: new Date(1_700_000_000_000 + n).toISOString(),
    queued_at: 1_700_000_000_000 + n,
  });

  it('keeps every row and id, never reuses a deleted one, and still takes an older version\'s insert', async () => {
    // The version before outbox-005: neither it nor the later outbox-006.
    await runMigrations(storage, ALL_MIGRATIONS.filter((m) => m.id !== 'outbox-005' && m.id !== 'outbox-006'));
    const { db } = storage;
    for (let n = 1; n <= 3; n++) await db.insertInto('outbox').values(olderRow(n)).execute();
    await db.updateTable('outbox').set({ status: 'sent' }).where('ref', '=', 'old:1').execute();
    await db.deleteFrom('outbox').where('ref', '=', 'old:3').execute();
    const before = await db.selectFrom('outbox').selectAll().orderBy('id').execute();

    expect(await runMigrations(storage, ALL_MIGRATIONS)).toEqual(['outbox-005', 'outbox-006']);
    expect(await db.selectFrom('outbox').selectAll().orderBy('id').execute()).toEqual(before);

    const outbox = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.test>');
    const id = await outbox.enqueue({ ref: 'new:1', to: 'a@ledgerline.test', subject: 's', text: 't' });
    expect(id).toBeGreaterThan(3);
    // An older version rolled back to still queues mail with its own message ids.
    await db.insertInto('outbox').values(olderRow(4)).execute();
    const due = await outbox.claimDue(10, 'w', 60_000, db);
    expect(due.map((r) => r.ref)).toEqual(['old:2', 'new:1', 'old:4']);
  });
});
