import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createApp, type CreateAppOptions } from '../../../api-server/src/app';
import { loadConfig, type Config } from '../../../api-server/src/config';
import { runMigrations, type Db, type Storage } from '../../../api-server/src/db/database';
import { openStorage } from '../../../api-server/src/db/storage';
import { ALL_MIGRATIONS } from '../../../api-server/src/features';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { formTokensFor } from '../../../api-server/src/http/spam';
import { MIN_FILL_MS } from '../../../src/schemas/common';
import type { Express } from 'express';

export const TEST_ADMIN = { user: 'admin', password: 'api-test-password' } as const;

export interface TestApp {
  app: Express;
  db: Db;
  storage: Storage;
  outbox: OutboxStore;
  config: Config;
  dataDir: string;
  /** Current time seen by the app; tests may move it. */
  clock: { now: Date };
  close: () => Promise<void>;
}

/** The real app over a real temporary SQLite file. Mail is only queued: no worker runs. */
export async function createTestApp(env: Record<string, string> = {}, options: CreateAppOptions = {}, logger: Logger = pino({ level: 'silent' })): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_USER: TEST_ADMIN.user,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const storage = await openStorage({ dataDir });
  await runMigrations(storage, ALL_MIGRATIONS);
  const { db, writes } = storage;
  const clock = { now: new Date('2026-01-15T10:00:00.000Z') };
  const now = () => new Date(clock.now);
  const outbox = new OutboxStore(db, config.mailFrom, now);
  const app = createApp({ config, db, writes, outbox, logger, now }, options);
  return {
    app,
    db,
    storage,
    outbox,
    config,
    dataDir,
    clock,
    close: async () => {
      await storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function basicAuthHeader(user: string = TEST_ADMIN.user, password: string = TEST_ADMIN.password): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/**
 * A form body with a valid token, as the site's forms send it: issued `ageMs` before the app's
 * current time (by default long enough ago for a person to have filled the form).
 */
export function signed<T extends object>(t: Pick<TestApp, 'dataDir' | 'clock'>, body: T, ageMs = MIN_FILL_MS + 1_000): { formToken: string } & T {
  return { formToken: formTokensFor(t.dataDir).issue(t.clock.now.getTime() - ageMs), ...body };
}

/** The database alone, migrated, for tests of stores and the worker. */
export async function openTestStorage(dataDir: string): Promise<Storage> {
  const storage = await openStorage({ dataDir });
  await runMigrations(storage, ALL_MIGRATIONS);
  return storage;
}
