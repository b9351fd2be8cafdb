import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../../api-server/src/app';
import { createCheckoutFeature } from '../../../api-server/src/checkout/routes';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '../../../api-server/src/idempotency';
import { OrderStore } from '../../../api-server/src/checkout/store';
import { loadConfig } from '../../../api-server/src/config';
import { sql } from 'kysely';
import { FEATURES, recoverFeatures } from '../../../api-server/src/features';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { loadFormTokens } from '../../../api-server/src/form-token/store';
import { createTestApp, openTestStorage, TEST_ENGINE, testDatabaseUrl, type TestApp } from '../_lib/testApp';
import { ChargingProvider } from './_chargingProvider';

const valid = { planId: 'enterprise', customerName: 'Grace Hopper', customerEmail: 'grace@example.com' };
const ROOT = path.resolve(__dirname, '../../..');
const withProvider = (provider: ChargingProvider) => ({
  features: [...FEATURES.filter((f) => f.name !== 'checkout'), createCheckoutFeature(() => provider)],
});

describe('idempotent checkout survives the client and the process', () => {
  let ledgerDir: string;
  let t: TestApp | undefined;
  beforeEach(async () => {
    ledgerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-'));
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    fs.rmSync(ledgerDir, { recursive: true, force: true });
  });

  it('a client that disconnects mid-request and retries gets one order and one charge', async () => {
    let reached!: () => void;
    const inProvider = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const provider = new ChargingProvider(path.join(ledgerDir, 'ledger'), async () => {
      reached();
      await gate;
    });
    t = await createTestApp({}, withProvider(provider));
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as AddressInfo;
    try {
      const body = JSON.stringify(valid);
      const first = http.request({ port, host: '127.0.0.1', path: '/api/checkout', method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Idempotency-Key': 'gone' } });
      first.on('error', () => undefined);
      first.end(body);
      await inProvider;
      first.destroy(); // the network drops while the payment is being taken
      await new Promise((r) => setTimeout(r, 50));
      release();
      let retry;
      for (let i = 0; i < 50; i++) {
        retry = await request(server).post('/api/checkout').set('Idempotency-Key', 'gone').send(valid);
        if (retry.status !== 409) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const orders = await new OrderStore(t.db, () => new Date()).list();
      expect(retry!.status).toBe(200);
      expect(retry!.headers['idempotent-replayed']).toBe('true');
      expect(orders.map((o) => [o.id, o.status])).toEqual([[retry!.body.orderId, 'paid']]);
      expect(provider.charges()).toHaveLength(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('a failure after the payment was taken: the retry completes the same order without charging again', async () => {
    const provider = new ChargingProvider(path.join(ledgerDir, 'ledger'));
    t = await createTestApp({}, withProvider(provider));
    // Recording "paid" fails once the money is taken (as a full disk or an I/O error would).
    if (TEST_ENGINE === 'sqlite') {
      await sql`CREATE TEMP TRIGGER refuse_paid BEFORE UPDATE OF status ON checkout_orders WHEN NEW.status = 'paid'
        BEGIN SELECT RAISE(ABORT, 'injected write failure'); END`.execute(t.db);
    } else {
      await sql`CREATE FUNCTION refuse_paid() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected write failure'; END $$`.execute(t.db);
      await sql`CREATE TRIGGER refuse_paid BEFORE UPDATE OF status ON checkout_orders FOR EACH ROW WHEN (NEW.status = 'paid') EXECUTE FUNCTION refuse_paid()`.execute(t.db);
    }
    const first = await request(t.app).post('/api/checkout').set('Idempotency-Key', 'after-pay').send(valid);
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect(provider.charges()).toHaveLength(1);
    await (TEST_ENGINE === 'sqlite' ? sql`DROP TRIGGER refuse_paid` : sql`DROP TRIGGER refuse_paid ON checkout_orders`).execute(t.db);

    const retry = await request(t.app).post('/api/checkout').set('Idempotency-Key', 'after-pay').send(valid);
    const orders = await new OrderStore(t.db, () => new Date()).list();
    expect(retry.status).toBe(200);
    expect(orders.map((o) => [o.id, o.status])).toEqual([[retry.body.orderId, 'paid']]);
    expect(provider.charges()).toHaveLength(1);
    const again = await request(t.app).post('/api/checkout').set('Idempotency-Key', 'after-pay').send(valid);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retry.body);
  });

  it('a process killed with SIGKILL after charging: its claim runs out, then the retry finishes that order, charged once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-checkout-'));
    const ledger = path.join(ledgerDir, 'ledger');
    const databaseUrl = await testDatabaseUrl();
    // tsx as a loader, not its CLI: the CLI runs the script in a grandchild, which SIGKILL would miss.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '_crashChild.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LEDGER: ledger, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((r) => child.on('exit', r));
    const seen = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`child never printed ${text}:\n${out}`)), 20_000);
        const check = () => {
          if (!out.includes(text)) return;
          clearTimeout(timer);
          resolve();
        };
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          check();
        });
        check();
      });
    try {
      await seen('PORT ');
      const port = Number(/PORT (\d+)/.exec(out)![1]);
      void fetch(`http://127.0.0.1:${port}/api/checkout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'crash' },
        body: JSON.stringify(valid),
      }).catch(() => undefined);
      await seen('CHARGED');
      child.kill('SIGKILL');
      await exited;
      child.stdout.destroy();
      child.stderr.destroy();

      // The restart, as index.ts does it: migrations, then recovery, then requests.
      const storage = await openTestStorage(dataDir, databaseUrl);
      const { db, writes } = storage;
      // The dead process's claim on the key holds until its lease runs out (another instance
      // might still be running it); the restart is then moved past the lease.
      let offsetMs = 0;
      const now = () => new Date(Date.now() + offsetMs);
      const logger = pino({ level: 'silent' });
      await recoverFeatures({ db, now, logger });
      const provider = new ChargingProvider(ledger);
      const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'crash-test-password', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000' });
      const app = createApp({ config, db, writes, outbox: new OutboxStore(db, config.mailFrom, now), logger, now, formTokens: await loadFormTokens(db, dataDir) }, withProvider(provider));
      const early = await request(app).post('/api/checkout').set('Idempotency-Key', 'crash').send(valid);
      expect(early.status).toBe(409);
      offsetMs = IDEMPOTENCY_LEASE_MS + 1;
      const retry = await request(app).post('/api/checkout').set('Idempotency-Key', 'crash').send(valid);
      const orders = await new OrderStore(db, now).list();
      await storage.close();
      expect(retry.status).toBe(200);
      expect(orders.map((o) => [o.id, o.status])).toEqual([[retry.body.orderId, 'paid']]);
      expect(provider.charges()).toHaveLength(1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it('a keyed checkout stores its answer with its order: a process SIGKILLed right after the order is paid leaves both or neither', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-answer-'));
    const databaseUrl = await testDatabaseUrl();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '_answerCrashChild.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
    try {
      for (let i = 0; i < 400 && !/PORT \d+/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
      const port = Number(/PORT (\d+)/.exec(out)?.[1] ?? NaN);
      expect(port).toBeGreaterThan(0);
      // Several at once, so they share group commits as under load.
      const posts = ['k1', 'k2', 'k3', 'k4', 'k5'].map((key) =>
        fetch(`http://127.0.0.1:${port}/api/checkout`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(valid),
        }).catch(() => undefined),
      );
      expect(await exited).toBe('SIGKILL');
      await Promise.all(posts);
      expect(out).toContain('KILLED AFTER PAID');

      const storage = await openTestStorage(dataDir, databaseUrl);
      try {
        const keys = await storage.db.selectFrom('checkout_idempotency').select(['key', 'resource_id', 'status_code', 'response_json']).execute();
        const orders = await storage.db.selectFrom('checkout_orders').select(['id', 'status']).execute();
        const status = new Map(orders.map((o) => [o.id, o.status]));
        expect(orders.some((o) => o.status === 'paid')).toBe(true);
        for (const k of keys) {
          const paid = k.resource_id !== null && status.get(k.resource_id) === 'paid';
          // Each stored answer names its own order, paid; each paid order has its answer.
          expect({ key: k.key, answered: k.status_code !== null, paid }).toEqual({ key: k.key, answered: paid, paid });
          if (k.response_json !== null) expect(JSON.parse(k.response_json)).toMatchObject({ success: true, orderId: k.resource_id });
        }
      } finally {
        await storage.close();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      child.stdout.destroy();
      child.stderr.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);

  it('start-up recovery answers keys whose order was paid, keeps those that may have charged or another instance runs, releases the rest and expired ones', async () => {
    t = await createTestApp();
    const orders = new OrderStore(t.db, () => new Date());
    const order = await orders.create({ planId: 'starter', planName: 'Starter', amountCents: 100, currency: 'USD', period: 'month', customerName: 'A', customerEmail: 'a@example.com', provider: 'demo' });
    await orders.markPaid(order.id);
    const at = t.clock.now.getTime();
    const keys = t.db.insertInto('checkout_idempotency');
    await keys.values({ key: 'paid', request_hash: 'h', created_at: at, resource_id: order.id }).execute();
    await keys.values({ key: 'nothing', request_hash: 'h', created_at: at }).execute();
    const unsent = await orders.create({ planId: 'starter', planName: 'Starter', amountCents: 100, currency: 'USD', period: 'month', customerName: 'B', customerEmail: 'b@example.com', provider: 'demo' });
    await keys.values({ key: 'no-session', request_hash: 'h', created_at: at, resource_id: unsent.id }).execute();
    const charging = await orders.create({ planId: 'starter', planName: 'Starter', amountCents: 100, currency: 'USD', period: 'month', customerName: 'C', customerEmail: 'c@example.com', provider: 'demo' });
    await orders.attachSession(charging.id, 'sess_1');
    await keys.values({ key: 'charging', request_hash: 'h', created_at: at, resource_id: charging.id }).execute();
    await keys.values({ key: 'expired', request_hash: 'h', created_at: at - IDEMPOTENCY_TTL_MS, status_code: 200, response_json: '{}' }).execute();
    // Claimed by an instance that is still running it: not the recovery's to resolve.
    await keys.values({ key: 'running', request_hash: 'h', created_at: at, lease_until: at + IDEMPOTENCY_LEASE_MS }).execute();
    await recoverFeatures({ db: t.db, now: () => t!.clock.now, logger: pino({ level: 'silent' }) });
    const rows = await t.db.selectFrom('checkout_idempotency').select(['key', 'status_code', 'response_json']).orderBy('key').execute();
    expect(rows).toEqual([
      // A session may have been captured: kept for the retry to confirm the same session.
      { key: 'charging', status_code: null, response_json: null },
      { key: 'paid', status_code: 200, response_json: JSON.stringify({ success: true, checkoutUrl: `/success?plan=starter&name=A&order=${order.id}`, orderId: order.id }) },
      { key: 'running', status_code: null, response_json: null },
    ]);
    expect((await orders.get(unsent.id))?.status).toBe('failed');
  });
});
