import type { Server } from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseError, openDatabase, runMigrations } from './db/database';
import { ALL_MIGRATIONS } from './features';
import { loadBuiltSite } from './http/site';
import { createLogger } from './logger';
import { GroupCommit } from './db/groupCommit';
import { OutboxStore } from './mail/outbox';
import { fileSender, smtpSender } from './mail/transport';
import { OutboxWorker } from './mail/worker';
import { RequestActivity } from './http/activity';
import path from 'node:path';

/** Exit codes: 2 bad configuration, 3 data directory or database unusable. */
function main(): void {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);

  let db;
  try {
    db = openDatabase(config.dataDir);
    runMigrations(db, ALL_MIGRATIONS);
  } catch (err) {
    if (err instanceof DatabaseError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(3);
    }
    throw err;
  }

  const now = () => new Date();
  const outbox = new OutboxStore(db, config.mailFrom, now);
  const sender = config.smtpUrl ? smtpSender(config.smtpUrl) : fileSender(path.join(config.dataDir, 'mail'));
  const activity = new RequestActivity();
  const writes = new GroupCommit(db);
  const worker = new OutboxWorker(outbox, sender.send, logger, {
    retryBaseMs: config.mailRetryBaseMs,
    giveUpAfterMs: config.mailGiveUpMs,
    busy: () => activity.busy(),
    durable: () => writes.durable(),
  });

  const site = loadBuiltSite(config.buildDir);
  if (!site) logger.warn({ buildDir: config.buildDir }, 'no built site found: serving the API only (run npm run build)');
  const app = createApp({ config, db, outbox, logger, now, writes }, { site, activity });

  const server: Server = app.listen(config.port, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, dataDir: config.dataDir, mail: config.smtpUrl ? 'smtp' : 'files' }, 'server listening');
    // Printed plainly (not only logged) so a newcomer sees where to go.
    console.log(`Ledgerline is running on http://localhost:${port}`);
    if (config.adminPasswordGenerated) {
      console.log(`White-label admin: user "${config.adminUser}", generated password "${config.adminPassword}" (set ADMIN_PASSWORD to choose one)`);
    }
    if (!config.smtpUrl) console.log(`Mail is written to ${path.join(config.dataDir, 'mail')} (set SMTP_URL to send it)`);
  });
  server.on('error', (err) => {
    console.error(`Cannot listen on port ${config.port}: ${err.message}`);
    process.exit(4);
  });
  worker.start();

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then stop the mailer and close the database.
    server.close(() => {
      void worker.stop().then(() => {
        sender.close();
        writes.close();
        db.close();
        logger.info('shut down cleanly');
        process.exit(0);
      });
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.error('forced exit after 10 s');
      process.exit(1);
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main();
