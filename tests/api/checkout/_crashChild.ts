// A checkout server that takes the money and then hangs, so the test can SIGKILL it between
// "charged" and "recorded as paid". Run by durability.test.ts with tsx.
import pino from 'pino';
import { createApp } from '../../../api-server/src/app';
import { createCheckoutFeature } from '../../../api-server/src/checkout/routes';
import { loadConfig } from '../../../api-server/src/config';
import { runMigrations } from '../../../api-server/src/db/database';
import { openStorage } from '../../../api-server/src/db/storage';
import { ALL_MIGRATIONS, FEATURES } from '../../../api-server/src/features';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { loadFormTokens } from '../../../api-server/src/form-token/store';
import { ChargingProvider } from './_chargingProvider';

// No top-level await: tsx runs this file as CommonJS.
void (async () => {
  const dataDir = process.env.DATA_DIR!;
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'crash-test-password', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000' });
  const storage = await openStorage({ dataDir, databaseUrl: process.env.DATABASE_URL });
  await runMigrations(storage, ALL_MIGRATIONS);
  const { db, writes } = storage;
  const now = () => new Date();
  const provider = new ChargingProvider(process.env.LEDGER!, () => {
    process.stdout.write('CHARGED\n');
    return new Promise<void>(() => undefined);
  });
  const features = [...FEATURES.filter((f) => f.name !== 'checkout'), createCheckoutFeature(() => provider)];
  const app = createApp({ config, db, writes, outbox: new OutboxStore(db, config.mailFrom, now), logger: pino({ level: 'silent' }), now, formTokens: await loadFormTokens(db, dataDir) }, { features });
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
  });
})();
