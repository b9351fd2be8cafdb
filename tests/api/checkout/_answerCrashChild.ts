// A checkout server that SIGKILLs itself as soon as a commit that made an order paid is
// acknowledged: whatever the request would have written after that write is never written.
// Run by durability.test.ts with tsx.
import pino from 'pino';
import { createApp } from '../../../api-server/src/app';
import { loadConfig } from '../../../api-server/src/config';
import { runMigrations, type Writes } from '../../../api-server/src/db/database';
import { openStorage } from '../../../api-server/src/db/storage';
import { ALL_MIGRATIONS } from '../../../api-server/src/features';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { loadFormTokens } from '../../../api-server/src/form-token/store';

// No top-level await: tsx runs this file as CommonJS.
void (async () => {
  const dataDir = process.env.DATA_DIR!;
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'crash-test-password', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000' });
  const storage = await openStorage({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await runMigrations(storage, ALL_MIGRATIONS);
  const { db } = storage;
  const writes: Writes = {
    run: async (work) => {
      const value = await storage.writes.run(work);
      const paid = await db.selectFrom('checkout_orders').select('id').where('status', '=', 'paid').executeTakeFirst();
      if (paid) {
        process.stdout.write('KILLED AFTER PAID\n');
        process.kill(process.pid, 'SIGKILL');
        await new Promise<never>(() => undefined);
      }
      return value;
    },
    committed: (work) => storage.writes.committed(work),
    durable: () => storage.writes.durable(),
    idle: () => storage.writes.idle(),
    close: () => storage.writes.close(),
  };
  const now = () => new Date();
  const app = createApp({ config, db, writes, outbox: new OutboxStore(db, config.mailFrom, now), logger: pino({ level: 'silent' }), now, formTokens: await loadFormTokens(db, dataDir) });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
})();
