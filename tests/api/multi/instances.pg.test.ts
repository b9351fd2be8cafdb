import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Schema } from '../../../api-server/src/db/schema';
import { MIN_FILL_MS } from '../../../src/schemas/common';
import { freePort, startRedis, type RunningService } from '../../_services';
import { startSmtp, type TestSmtp } from '../../e2e/_lib/smtp';
import { testDatabaseUrl } from '../_lib/testApp';

const ROOT = path.resolve(__dirname, '../../..');
const TICKETS = 1_000;
/** Form posts per client a minute, shared by the three through Redis. */
const FORM_LIMIT = 12;

interface Instance {
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
}

/** One real server process (the production entry point) on the shared database. */
function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  // tsx as a loader, not its CLI: SIGKILL must reach the server itself, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'api-server/src/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((r) => child.on('exit', r));
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${out}`)), 30_000);
    const read = (d: Buffer) => {
      out += d.toString();
      const port = /running on http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${port}`, exited });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`instance exited with ${String(code)}:\n${out}`)));
  });
}

describe('three server processes on one PostgreSQL', () => {
  let instances: Instance[] = [];
  let smtp: TestSmtp | undefined;
  let db: Kysely<Schema>;
  let dataDir: string;
  let redis: RunningService | undefined;
  afterAll(async () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await smtp?.stop();
    await db?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    redis?.stop();
  });

  it('one shared form rate limit; 1,000 tickets queued while SMTP is down, one instance SIGKILLed under load: no acknowledged ticket lost, every mail delivered exactly once', async () => {
    const url = (await testDatabaseUrl())!;
    db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multi-'));
    const smtpPort = await freePort(); // nothing listens yet: SMTP is down
    redis = await startRedis();
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: url,
      PORT: '0',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_PASSWORD: 'multi-instance-password',
      LOG_LEVEL: 'silent',
      REDIS_URL: redis.url,
      RATE_LIMIT_PER_MINUTE: String(FORM_LIMIT),
      // One load balancer in front: each test client is told apart by X-Forwarded-For.
      TRUST_PROXY: '1',
      MAIL_RETRY_BASE_MS: '50',
      MAIL_LEASE_SECONDS: '2',
    };
    // Started together: the migrations take turns under the advisory lock.
    // Each its own DATA_DIR: the form-token key they share is in the database, nothing is copied.
    const own = (n: number) => ({ ...env, DATA_DIR: fs.mkdtempSync(path.join(dataDir, `instance-${n}-`)) });
    instances = await Promise.all([startInstance(own(0)), startInstance(own(1)), startInstance(own(2))]);

    const { token } = (await (await fetch(`${instances[0]!.base}/api/form-token`)).json()) as { token: string };
    await new Promise((r) => setTimeout(r, MIN_FILL_MS + 200));
    const ticket = (i: number) =>
      JSON.stringify({ formToken: token, name: `Customer ${i}`, email: `c${i}@example.com`, subject: `Ticket ${i}`, message: 'Help', priority: 'low', category: 'general' });

    // One client's posts spread over the three instances meet one limit: the counts are in Redis.
    const limited: number[] = [];
    for (let i = 0; i < FORM_LIMIT + 3; i++) {
      const res = await fetch(`${instances[i % 3]!.base}/api/support`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
        body: ticket(TICKETS + i),
      });
      limited.push(res.status);
      if (res.status === 429) expect(((await res.json()) as { error: string }).error).toBe('Too many requests. Please wait a minute and try again.');
      else await res.arrayBuffer();
    }
    expect(limited).toEqual([...Array<number>(FORM_LIMIT).fill(201), 429, 429, 429]);

    const acknowledged: string[] = [];
    let refused = 0;
    let next = 0;
    const post = async (): Promise<void> => {
      for (let i = next++; i < TICKETS; i = next++) {
        if (i === TICKETS / 2) instances[2]!.child.kill('SIGKILL'); // under load, mid-run
        const target = instances[i % 3]!;
        try {
          const res = await fetch(`${target.base}/api/support`, {
            method: 'POST',
            // A client of its own for every few tickets: the load test stays under the form limit.
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.0.${Math.floor(i / 8) >> 8}.${Math.floor(i / 8) & 255}` },
            body: ticket(i),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { ticketId: string }).ticketId);
          else refused++;
        } catch {
          refused++; // the killed instance: connection refused or reset, nothing acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, post));
    expect(acknowledged.length).toBeGreaterThan(TICKETS / 2);
    expect(acknowledged.length + refused).toBe(TICKETS);

    const stored = new Set((await db.selectFrom('support_tickets').select('ticket_id').execute()).map((r) => r.ticket_id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

    // SMTP comes back: the two live workers drain everything, the dead one's claims included.
    const queued = await db.selectFrom('outbox').select(['id']).execute();
    expect(queued.length).toBe(stored.size * 2);
    smtp = await startSmtp({ port: smtpPort });
    await smtp.waitForMessages(queued.length, 90_000);
    await new Promise((r) => setTimeout(r, 3_000)); // a lease longer: any double delivery would show
    const ids = smtp.messages.map((m) => m.messageId);
    expect(ids).toHaveLength(queued.length);
    expect(new Set(ids).size).toBe(queued.length);
    const counts = await db.selectFrom('outbox').select('status').where('status', '!=', 'sent').execute();
    expect(counts).toEqual([]);

    // An Idempotency-Key answered by one process is replayed by another.
    const order = { planId: 'business', customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' };
    const headers = { 'Content-Type': 'application/json', 'Idempotency-Key': 'multi-process', 'X-Forwarded-For': '198.51.100.1' };
    const first = await fetch(`${instances[0]!.base}/api/checkout`, { method: 'POST', headers, body: JSON.stringify(order) });
    const again = await fetch(`${instances[1]!.base}/api/checkout`, { method: 'POST', headers, body: JSON.stringify(order) });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  }, 180_000);
});
