import type { Server } from 'node:http';
import { createApp } from './app';
import { createServer } from './http/server';
import { ConfigError, loadConfig, storedAdminPassword, type Config } from './config';
import { DatabaseError, isStorageFault, runMigrations, type Storage } from './db/database';
import { openStorage } from './db/storage';
import { ALL_MIGRATIONS, recoverFeatures } from './features';
import { loadFormTokens } from './form-token/store';
import type { FormTokens } from './form-token/tokens';
import { answerClientError } from './http/limits';
import { capConnectionsPerAddress, connectionCapFor } from './http/connections';
import { loadBuiltSite } from './http/site';
import { createLogger } from './logger';
import { OutboxStore } from './mail/outbox';
import { fileSender, smtpSender } from './mail/transport';
import { OutboxWorker } from './mail/worker';
import { webhookRules } from './sandbox/webhooks/addresses';
import { WebhookWorker } from './sandbox/webhooks/worker';
import { RequestActivity } from './http/activity';
import { memoryCounters, type Counters } from './counters';
import { Readiness, standardChecks } from './http/health';
import { AppMetrics } from './http/metrics';
import { GracefulStop } from './http/shutdown';
import { Overload } from './http/overload';
import path from 'node:path';
import { NODE_LINES, nodeMajor } from '../../src/data/nodeLines';

/**
 * Exit codes: 2 bad configuration, 3 data directory or database unusable, 4 port unusable,
 * 5 fsync failed, 6 Redis (REDIS_URL) unreachable at start.
 */
async function main(): Promise<void> {
  // better-sqlite3's build for today's lines crashes an older Node at its first query: say why instead.
  if (nodeMajor(process.versions.node) < NODE_LINES[0]) {
    console.error(`This server runs on Node ${NODE_LINES.join(', ')}, not ${process.version}: start it with npm start, which runs the project's own Node where the machine's is older.`);
    process.exit(2);
  }
  let config: Config;
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
  // A stray promise must not take the whole site down (Node's default is to exit): log it and
  // go on. An uncaught exception leaves state unknown, so that one still stops the process.
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled promise rejection');
  });

  let storage: Storage;
  let formTokens: FormTokens;
  // Fail-stop: after a failed fsync nothing more is written or acknowledged, and the process
  // exits so a supervisor restarts it and SQLite recovers from what the WAL really holds.
  const onSyncFailure = (err: unknown) => {
    const reason = err instanceof Error ? err.message : String(err);
    console.error(`FATAL: the database write-ahead log could not be synced to disk (${reason}). Stopping without acknowledging unsynced writes; restart to recover.`);
    logger.fatal({ err }, 'fsync failed: stopping');
    server.close();
    void worker.stop();
    void webhookWorker.stop();
    // A moment for the refused requests' 503 answers to leave; the exit does not wait for more.
    setTimeout(() => process.exit(5), 100);
  };
  try {
    storage = await openStorage({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onSyncFailure,
      onCheckpointTrouble: (message) => logger.warn(message),
      // The pool drops the broken connection and opens a new one on the next query.
      onConnectionError: (err) => logger.warn({ err }, 'database connection lost; reconnecting on the next query'),
    });
    await runMigrations(storage, ALL_MIGRATIONS);
    formTokens = await loadFormTokens(storage.db, config.dataDir);
    config = storedAdminPassword(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    if (err instanceof DatabaseError || isStorageFault(err) || (err as NodeJS.ErrnoException).syscall !== undefined) {
      console.error(`Cannot start: ${(err as Error).message}`);
      process.exit(3);
    }
    throw err;
  }

  const { db, writes } = storage;
  const now = () => new Date();
  try {
    await recoverFeatures({ db, now, logger });
  } catch (err) {
    // E.g. a full disk: serving reads beats a crash loop, and a retried key still resumes its
    // order on demand (IdempotencyStore.begin), so nothing is lost by waiting.
    logger.error({ err }, 'start-up recovery failed; continuing');
  }
  const outbox = new OutboxStore(db, config.mailFrom, now);
  const sender = config.smtpUrl ? smtpSender(config.smtpUrl) : fileSender(path.join(config.dataDir, 'mail'));
  const activity = new RequestActivity();
  const metrics = config.metricsToken ? new AppMetrics({ outbox, now, logger }) : undefined;
  const worker = new OutboxWorker(outbox, sender.send, logger, {
    retryBaseMs: config.mailRetryBaseMs,
    giveUpAfterMs: config.mailGiveUpMs,
    leaseMs: config.mailLeaseMs,
    busy: () => activity.busy(),
    durable: () => writes.durable(),
    transact: (work) => writes.run(work),
    onOutcome: metrics ? (outcome) => metrics.mail(outcome) : undefined,
  });

  // Sandbox webhook deliveries: a queue in the database, sent by this worker (and those of other instances).
  const rules = webhookRules(config);
  const webhookWorker = new WebhookWorker({ rules, transact: (work) => writes.run(work), logger });

  let counters: Counters = memoryCounters();
  if (config.redisUrl) {
    // Loaded only when asked for: the Redis client is ~5 MB of heap that one machine never uses.
    const { connectRedisCounters, RedisStartError } = await import('./counters/redis');
    try {
      counters = await connectRedisCounters(config.redisUrl, { logger });
    } catch (err) {
      if (!(err instanceof RedisStartError)) throw err;
      console.error(`Cannot start: ${err.message}. Start Redis, correct REDIS_URL, or unset it to count in memory (one instance only).`);
      await storage.close().catch(() => undefined);
      process.exit(6);
    }
  }

  const site = loadBuiltSite(config.buildDir);
  if (!site) logger.warn({ buildDir: config.buildDir }, 'no built site found: serving the API only (run npm run build)');
  const readiness = new Readiness(standardChecks(db, counters));
  const overload = new Overload().start();
  const app = createApp({ config, db, outbox, logger, now, writes, formTokens }, { site, activity, counters, metrics: metrics ?? false, readiness, overload, webhooks: { rules, queued: () => webhookWorker.kick() } });

  const server: Server = createServer(app, { keepAliveMs: config.keepAliveTimeoutMs });
  // On the fresh server, before the graceful stop listens too: the cap stands in for Node's own
  // connection listener, so a refused connection never reaches the HTTP parser.
  const connectionCap = connectionCapFor(config.trustProxyHops);
  if (connectionCap !== undefined) capConnectionsPerAddress(server, connectionCap, () => metrics?.rateLimited('connections'));
  server.listen(config.port, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, dataDir: config.dataDir, database: storage.engine, mail: config.smtpUrl ? 'smtp' : 'files', counters: counters.kind, env: process.env.NODE_ENV ?? 'development' }, 'server listening');
    // An exception to the SSRF rules is worth seeing at every start.
    if (config.sandboxWebhookAllow.length) {
      logger.warn({ allow: config.sandboxWebhookAllow }, 'SANDBOX_WEBHOOK_ALLOW: sandbox webhooks may reach these host:port pairs in spite of the delivery rules');
      console.log(`Sandbox webhooks may reach (SANDBOX_WEBHOOK_ALLOW): ${config.sandboxWebhookAllow.join(', ')}`);
    }
    // Printed plainly (not only logged) so a newcomer sees where to go.
    console.log(`Ledgerline is running on http://localhost:${port}`);
    if (config.adminPasswordFile) {
      console.log(`White-label admin: user "${config.adminUser}", password in ${config.adminPasswordFile} (set ADMIN_PASSWORD to choose one)`);
    }
    if (!config.smtpUrl) console.log(`Mail is written to ${path.join(config.dataDir, 'mail')} (set SMTP_URL to send it)`);
  });
  const graceful = new GracefulStop(server, () => overload.turns.releaseAll());
  server.on('clientError', answerClientError);
  server.on('error', (err) => {
    console.error(`Cannot listen on port ${config.port}: ${err.message}`);
    process.exit(4);
  });
  worker.start();
  webhookWorker.start();

  let closing = false;
  /**
   * SIGTERM (systemd, Kubernetes, a rolling restart) or SIGINT: /readyz turns 503 at once, the
   * listener closes, requests already sent are answered (with Connection: close), the mail
   * worker finishes the messages it holds, then the database closes and the process exits 0.
   * Past SHUTDOWN_TIMEOUT_MS what is left is cut and the exit code is 1.
   */
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'graceful stop: draining requests');
    readiness.beginShutdown();
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'graceful stop timed out: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    // The storage closes last: requests still running need it, and so does the worker's last outcome.
    void Promise.all([graceful.stop(Math.max(0, config.shutdownTimeoutMs - 500)), worker.stop(), webhookWorker.stop()])
      .then(async ([connections]) => {
        sender.close();
        await counters.close();
        await storage.close();
        const ms = Date.now() - started;
        if (connections === 'forced') {
          logger.error({ ms }, 'stopped with requests still running after SHUTDOWN_TIMEOUT_MS');
          process.exit(1);
        }
        logger.info({ ms }, 'shut down cleanly');
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'graceful stop failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

// main is async (it awaits Redis): a start-up failure must still stop the process, not be logged as a stray promise.
main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
