import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { atomically, type Storage } from '../../../api-server/src/db/database';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { smtpSender, type MailSender } from '../../../api-server/src/mail/transport';
import { OutboxWorker } from '../../../api-server/src/mail/worker';
import { startSmtp } from '../../e2e/_lib/smtp';
import { openTestStorage, TEST_ENGINE, testDatabaseUrl } from '../_lib/testApp';

const silent = pino({ level: 'silent' });
const FROM = 'Ledgerline <no-reply@ledgerline.test>';

/** Several "instances" on one database: each with its own connection (SQLite) or pool (PostgreSQL). */
describe('outbox claims across workers', () => {
  let dir: string;
  let instances: Storage[];
  const clock = { now: Date.parse('2026-03-01T09:00:00Z') };
  const now = () => new Date(clock.now);

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-claims-'));
    const url = await testDatabaseUrl();
    instances = [];
    for (let i = 0; i < 3; i++) instances.push(await openTestStorage(dir, url));
  });
  afterEach(async () => {
    for (const s of instances) await s.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const queue = async (n: number) => {
    const store = new OutboxStore(instances[0]!.db, FROM, now);
    await atomically(instances[0]!.db, async (tx) => {
      for (let i = 1; i <= n; i++) await store.enqueue({ ref: `t:${i}`, to: `user${i}@ledgerline.test`, subject: `Message ${i}`, text: 'body' }, tx);
    });
  };

  it('hands each due message to one claimer only, however many claim at once', async () => {
    await queue(60);
    const stores = instances.map((s) => new OutboxStore(s.db, FROM, now));
    const claimed: number[] = [];
    // Each claimer is still delivering what it claimed before (its in-flight rows).
    const mine: number[][] = stores.map(() => []);
    for (let round = 0; round < 4; round++) {
      const got = await Promise.all(stores.map((s, i) => s.claimDue(7, `worker-${i}`, 60_000, undefined, mine[i])));
      got.forEach((rows, i) => mine[i]!.push(...rows.map((r) => r.id)));
      for (const rows of got) claimed.push(...rows.map((r) => r.id));
    }
    expect(claimed).toHaveLength(new Set(claimed).size);
    expect(claimed).toHaveLength(60);
    expect(await stores[0]!.claimDue(10, 'late', 60_000)).toEqual([]);
  });

  it('gives a claim back when its lease runs out (a worker killed mid-delivery)', async () => {
    await queue(2);
    const [a, b] = instances.map((s) => new OutboxStore(s.db, FROM, now));
    const first = await a!.claimDue(10, 'dead-worker', 30_000);
    expect(first.map((r) => r.ref)).toEqual(['t:1', 't:2']);
    clock.now += 29_000;
    expect(await b!.claimDue(10, 'other', 30_000)).toEqual([]);
    clock.now += 1_000;
    const again = await b!.claimDue(10, 'other', 30_000);
    expect(again.map((r) => r.ref)).toEqual(['t:1', 't:2']);
    // Delivered and recorded by the second worker: no longer due for anyone.
    for (const row of again) await b!.markSent(row.id);
    clock.now += 60_000;
    expect(await a!.claimDue(10, 'dead-worker', 30_000)).toEqual([]);
  });

  // SQLite has no row locks: one writer at a time, so there is no order to get wrong.
  (TEST_ENGINE === 'postgres' ? it : it.skip)('renews leases without waiting for the outcome being recorded: a deadlock dropped a recorded delivery, which was sent again', async () => {
    await queue(2);
    const [a, b] = instances.map((s) => new OutboxStore(s.db, FROM, now));
    const [first, second] = await a!.claimDue(10, 'worker', 30_000);
    let renewal: Promise<void> | undefined;
    // The worker's outcome batch has written the second row and goes on to the first while a
    // renewal of both runs on another pooled connection.
    await atomically(instances[0]!.db, async (tx) => {
      await a!.markSent(second!.id, tx);
      renewal = b!.renewClaims([first!.id, second!.id], 'worker', 60_000);
      await new Promise((r) => setTimeout(r, 200));
      await a!.markSent(first!.id, tx);
    });
    await renewal;
    expect(await a!.counts()).toEqual({ pending: 0, sent: 2, dead: 0 });
  });

  it('three workers draining one queue deliver every message exactly once', async () => {
    clock.now = Date.now();
    await queue(150);
    const smtp = await startSmtp();
    const senders = instances.map(() => smtpSender(smtp.url, { maxConnections: 2, maxMessages: 100 }));
    const workers = instances.map(
      (s, i) => new OutboxWorker(new OutboxStore(s.db, FROM, () => new Date()), senders[i]!.send, silent, { retryBaseMs: 10, giveUpAfterMs: 60_000, pollMs: 20, concurrency: 5, id: `w${i}` }),
    );
    try {
      for (const w of workers) w.start();
      await smtp.waitForMessages(150, 20_000);
      await new Promise((r) => setTimeout(r, 300));
      const subjects = smtp.messages.map((m) => m.subject);
      expect(subjects).toHaveLength(150);
      expect(new Set(subjects).size).toBe(150);
    } finally {
      for (const w of workers) await w.stop();
      for (const s of senders) s.close();
      await smtp.stop();
    }
    const counts = await new OutboxStore(instances[0]!.db, FROM).counts();
    expect(counts).toEqual({ pending: 0, sent: 150, dead: 0 });
  }, 30_000);

  it('keeps a claim while its delivery outlasts the lease: a slow relay does not make another worker send it again', async () => {
    clock.now = Date.now();
    await queue(1);
    const LEASE_MS = 300;
    const sent: string[] = [];
    // A relay that takes three leases to accept the message (a busy machine, a slow network).
    const slowSend: MailSender = async (row) => {
      await new Promise((r) => setTimeout(r, 3 * LEASE_MS));
      sent.push(row.subject);
    };
    const workers = instances.slice(0, 2).map(
      (s, i) =>
        new OutboxWorker(new OutboxStore(s.db, FROM, () => new Date()), slowSend, silent, { retryBaseMs: 10, giveUpAfterMs: 60_000, pollMs: 20, leaseMs: LEASE_MS, id: `slow${i}` }),
    );
    try {
      workers[0]!.start();
      await new Promise((r) => setTimeout(r, 50)); // the first worker claims it
      workers[1]!.start();
      await new Promise((r) => setTimeout(r, 5 * LEASE_MS));
    } finally {
      for (const w of workers) await w.stop();
    }
    expect(sent).toEqual(['Message 1']);
    expect(await new OutboxStore(instances[0]!.db, FROM).counts()).toEqual({ pending: 0, sent: 1, dead: 0 });
  }, 30_000);
});
