import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { createApp, type CreateAppOptions } from '../../../api-server/src/app';
import { loadConfig, type Config } from '../../../api-server/src/config';
import { runMigrations, type Db, type Storage } from '../../../api-server/src/db/database';
import { openStorage } from '../../../api-server/src/db/storage';
import { ALL_MIGRATIONS } from '../../../api-server/src/features';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import type { FormTokens } from '../../../api-server/src/form-token/tokens';
import { loadFormTokens } from '../../../api-server/src/form-token/store';
import { MIN_FILL_MS } from '../../../src/schemas/common';
import { RedisCounters } from '../../../api-server/src/counters/redis';
import type { Express } from 'express';
import type { Resolver } from '../../../api-server/src/sandbox/webhooks/addresses';

export const TEST_ADMIN = { user: 'admin', password: 'api-test-password' } as const;

export interface TestApp {
  app: Express;
  db: Db;
  storage: Storage;
  outbox: OutboxStore;
  config: Config;
  dataDir: string;
  /** The app's form-token signer (key in its database). */
  formTokens: FormTokens;
  /** The PostgreSQL URL of this app's schema (undefined on SQLite), e.g. for the tickets command. */
  databaseUrl: string | undefined;
  /** Current time seen by the app; tests may move it. */
  clock: { now: Date };
  close: () => Promise<void>;
}

/** 'postgres' in the `api-pg` jest project (see jest.config.js), otherwise 'sqlite'. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = (globalThis as { API_TEST_ENGINE?: string }).API_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let fileDatabase: Promise<string> | undefined;

/**
 * On PostgreSQL: a fresh schema in this test file's own database (created on first use), so
 * every test app starts empty, as with a new SQLite file. Undefined on SQLite.
 */
export async function testDatabaseUrl(): Promise<string | undefined> {
  if (TEST_ENGINE === 'sqlite') return undefined;
  const server = process.env.API_TEST_POSTGRES_URL;
  if (!server) throw new Error('API_TEST_POSTGRES_URL is not set: run the api-pg project through jest (its globalSetup starts PostgreSQL)');
  fileDatabase ??= (async () => {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(server, `CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  const url = new URL(await fileDatabase);
  const schema = `s_${randomBytes(6).toString('hex')}`;
  await adminQuery(url.toString(), `CREATE SCHEMA ${schema}`);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * The real app over a real temporary database (SQLite file or PostgreSQL schema). Mail is only
 * queued: no worker runs. With TEST_REDIS_URL set (redis://…), its counters live in that Redis
 * under a prefix of their own, so every suite can be run against shared counters and test apps
 * never see each other's.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: CreateAppOptions = {},
  logger: Logger = pino({ level: 'silent' }),
  /**
   * Another instance on an existing database: the same dataDir (SQLite) or URL (PostgreSQL, e.g.
   * through a proxy the test cuts). Absent: a fresh database.
   */
  on: { dataDir?: string; databaseUrl?: string } = {},
): Promise<TestApp> {
  const dataDir = on.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const redisUrl = process.env.TEST_REDIS_URL;
  const counters = options.counters ?? (redisUrl ? new RedisCounters(redisUrl, { logger, prefix: `test:${path.basename(dataDir)}:${randomBytes(3).toString('hex')}:` }).unref() : undefined);
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_USER: TEST_ADMIN.user,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'silent',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...env,
  });
  const databaseUrl = on.databaseUrl ?? (on.dataDir === undefined ? await testDatabaseUrl() : undefined);
  const storage = await openTestStorage(dataDir, databaseUrl);
  const { db, writes } = storage;
  const clock = { now: new Date('2026-01-15T10:00:00.000Z') };
  const now = () => new Date(clock.now);
  const outbox = new OutboxStore(db, config.mailFrom, now);
  const formTokens = await loadFormTokens(db, dataDir);
  // No test asks a real DNS server: names do not resolve (an accepted url, whose attempts fail) unless a test passes its own resolver.
  const webhooks = { rules: { resolver: unresolvable, allow: config.sandboxWebhookAllow }, ...options.webhooks };
  const app = createApp({ config, db, writes, outbox, logger, now, formTokens }, { ...options, counters, webhooks });
  return {
    app,
    db,
    storage,
    outbox,
    config,
    dataDir,
    formTokens,
    databaseUrl,
    clock,
    close: async () => {
      if (counters && !options.counters) void counters.close();
      await storage.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A resolver for tests that knows no name (tests/api never reach for a real DNS server). */
export const unresolvable: Resolver = (host) => Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));

export function basicAuthHeader(user: string = TEST_ADMIN.user, password: string = TEST_ADMIN.password): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/**
 * A form body with a valid token, as the site's forms send it: issued `ageMs` before the app's
 * current time (by default long enough ago for a person to have filled the form).
 */
export function signed<T extends object>(t: Pick<TestApp, 'formTokens' | 'clock'>, body: T, ageMs = MIN_FILL_MS + 1_000): { formToken: string } & T {
  return { formToken: t.formTokens.issue(t.clock.now.getTime() - ageMs), ...body };
}

/** The database alone, migrated, for tests of stores and the worker. */
export async function openTestStorage(dataDir: string, databaseUrl: string | undefined | 'fresh' = 'fresh'): Promise<Storage> {
  const url = databaseUrl === 'fresh' ? await testDatabaseUrl() : databaseUrl;
  const storage = await openStorage({ dataDir, databaseUrl: url, poolSize: 4 });
  await runMigrations(storage, ALL_MIGRATIONS);
  return storage;
}

/** What useTestStorage returns: the storage, and the database URL it was opened on (PostgreSQL). */
export interface TestStorage {
  (): Storage;
  /** The PostgreSQL URL of this storage, for a second connection of the test's own; undefined on SQLite. */
  url: () => string | undefined;
}

/**
 * A migrated storage in a temporary data folder, fresh for each test of the calling `describe`
 * (or one for all of them), closed and removed after it. Read it through the returned function.
 */
export function useTestStorage(prefix: string, scope: 'each' | 'all' = 'each'): TestStorage {
  let dir: string | undefined;
  let url: string | undefined;
  let storage: Storage | undefined;
  (scope === 'each' ? beforeEach : beforeAll)(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    url = await testDatabaseUrl();
    storage = await openTestStorage(dir, url);
  });
  (scope === 'each' ? afterEach : afterAll)(async () => {
    await storage?.close();
    storage = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  const read = (): Storage => {
    if (!storage) throw new Error('useTestStorage: the storage is open only while a test runs');
    return storage;
  };
  return Object.assign(read, { url: () => url });
}
