import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../../api-server/src/config';
import { DatabaseError } from '../../../api-server/src/db/database';
import { openStorage } from '../../../api-server/src/db/storage';
import { freePort } from '../../_services';
import { createTestApp, signed, testDatabaseUrl, type TestApp } from '../_lib/testApp';

const ticket = { name: 'Ada', email: 'ada@example.com', subject: 'Down?', message: 'Is the database down?', priority: 'medium', category: 'technical' };

describe('DATABASE_URL', () => {
  it('accepts postgres:// and postgresql:// URLs and refuses anything else with a clear message', async () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://app:secret@db.example.com:5432/ledgerline' }).databaseUrl).toBe('postgres://app:secret@db.example.com:5432/ledgerline');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.example.com/ledgerline' }).databaseUrl).toBe('postgresql://db.example.com/ledgerline');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    for (const bad of ['mysql://db.example.com/x', 'db.example.com:5432', 'postgres://', 'sqlite:./data']) {
      expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: bad })).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    }
  });

  it('an unreachable server at start is a DatabaseError naming where it looked, not a hang or a stack', async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(openStorage({ dataDir: os.tmpdir(), databaseUrl: `postgres://app@127.0.0.1:${port}/ledgerline` })).rejects.toThrow(DatabaseError);
    await expect(openStorage({ dataDir: os.tmpdir(), databaseUrl: `postgres://app@127.0.0.1:${port}/ledgerline` })).rejects.toThrow(
      `Cannot connect to PostgreSQL at 127.0.0.1:${port}/ledgerline`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('the server itself stops with a clear message: exit 2 for a bad URL, 3 for an unreachable server', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
    const start = (url: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'api-server/src/index.ts'], {
        cwd: path.resolve(__dirname, '../../..'),
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', ADMIN_PASSWORD: 'start-test-password', DATABASE_URL: url },
        encoding: 'utf8',
        timeout: 30_000,
      });
    try {
      const bad = start('mysql://db.example.com/ledgerline');
      expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining('DATABASE_URL: must be a postgres:// or postgresql:// URL')]);
      const gone = start(`postgres://app@127.0.0.1:${port}/ledgerline`);
      expect([gone.status, gone.stderr.trim()]).toEqual([3, expect.stringMatching(new RegExp(`^Cannot start: Cannot connect to PostgreSQL at 127.0.0.1:${port}/ledgerline: `))]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A TCP hop between the app and PostgreSQL that the test can cut and restore: a server lost and back. */
async function cuttableProxy(target: URL): Promise<{ port: number; cut: () => void; restore: () => Promise<void>; close: () => void }> {
  const sockets = new Set<net.Socket>();
  const port = await freePort();
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  const cut = () => {
    server?.close();
    for (const s of sockets) s.destroy();
  };
  return { port, cut, restore: listen, close: cut };
}

describe('PostgreSQL lost while running', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  afterEach(async () => {
    proxy.close();
    await t.close();
  });

  it('answers writes 503 JSON with Retry-After while the server is gone, and reconnects by itself', async () => {
    const direct = new URL((await testDatabaseUrl())!);
    proxy = await cuttableProxy(direct);
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    // The app's pool connects through the proxy; the schema is the one testDatabaseUrl made.
    t = await createTestApp({}, {}, undefined, { databaseUrl: viaProxy.toString() });
    const post = () => request(t.app).post('/api/support').send(signed(t, ticket));
    expect((await post()).status).toBe(201);

    proxy.cut();
    const down = await post();
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();
    expect(down.body).toEqual({ success: false, error: expect.stringMatching(/Nothing was saved/) });

    await proxy.restore();
    const back = await post();
    expect(back.status).toBe(201);
    expect(await t.db.selectFrom('support_tickets').select('ticket_id').execute()).toHaveLength(2);
  });
});

