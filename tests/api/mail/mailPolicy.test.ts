import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Db, Storage } from '../../../api-server/src/db/database';
import { openTestStorage, testDatabaseUrl } from '../_lib/testApp';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { smtpSender } from '../../../api-server/src/mail/transport';
import { OutboxWorker } from '../../../api-server/src/mail/worker';
import { runTicketsCli } from '../../../api-server/src/cli/tickets';
import { startSmtp } from '../../e2e/_lib/smtp';

const silent = pino({ level: 'silent' });
const waitUntil = async (pred: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const HOUR = 3_600_000;

describe('mail delivery policy (RFC 5321)', () => {
  let dir: string;
  /** How the tickets command finds this test's database. */
  let cliEnv: NodeJS.ProcessEnv;
  let storage: Storage;
  let db: Db;
  /** Real time plus an offset that tests move forward: store and worker share it. */
  let clock: { offset: number };
  const now = () => Date.now() + clock.offset;
  const workers: OutboxWorker[] = [];
  const track = (w: OutboxWorker) => (workers.push(w), w);
  let store: OutboxStore;
  const mail = (i = 1) => ({ ref: `t:${i}`, to: `user${i}@ledgerline.test`, subject: `Message ${i}`, text: 'body' });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-policy-'));
    const url = await testDatabaseUrl();
    cliEnv = url ? { DATABASE_URL: url } : {};
    storage = await openTestStorage(dir, url);
    db = storage.db;
    clock = { offset: 0 };
    store = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.test>', () => new Date(now()));
  });
  afterEach(async () => {
    // A failed test must not leave a worker reading a closed database.
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('marks a 550 refusal dead after one attempt, without retrying', async () => {
    const smtp = await startSmtp({ refuseRecipient: () => 550 });
    const sender = smtpSender(smtp.url);
    const worker = track(new OutboxWorker(store, sender.send, silent, { retryBaseMs: 10, giveUpAfterMs: 120 * HOUR, pollMs: 10, now }));
    await store.enqueue(mail());
    worker.start();
    await waitUntil(async () => (await store.counts()).dead === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect((await store.list())[0]).toMatchObject({ status: 'dead', attempts: 1, lastError: expect.stringContaining('550') });
    await worker.stop();
    sender.close();
    await smtp.stop();
  });

  it('retries a 421 (try later) and delivers once the server accepts', async () => {
    const smtp = await startSmtp({ refuseRecipient: (n) => (n === 0 ? 421 : undefined) });
    const sender = smtpSender(smtp.url);
    const worker = track(new OutboxWorker(store, sender.send, silent, { retryBaseMs: 10, giveUpAfterMs: 120 * HOUR, pollMs: 10, now }));
    await store.enqueue(mail());
    worker.start();
    await smtp.waitForMessages(1);
    await waitUntil(async () => (await store.counts()).sent === 1);
    expect((await store.list())[0]).toMatchObject({ status: 'sent', attempts: 2 });
    await worker.stop();
    sender.close();
    await smtp.stop();
  });

  it('keeps retrying a refused connection until the give-up age, then marks it dead', async () => {
    const probe = await startSmtp();
    await probe.stop();
    const sender = smtpSender(probe.url);
    const worker = track(new OutboxWorker(store, sender.send, silent, { retryBaseMs: 10, maxDelayMs: 10, giveUpAfterMs: 5 * 24 * HOUR, pollMs: 10, now }));
    await store.enqueue(mail());
    worker.start();
    await waitUntil(async () => ((await store.list())[0]?.attempts ?? 0) >= 3);
    expect((await store.list())[0]).toMatchObject({ status: 'pending', lastError: expect.stringMatching(/ECONNREFUSED/) });
    // Four days and 23 hours later: still trying.
    clock.offset += 5 * 24 * HOUR - HOUR;
    const attempts = (await store.list())[0]!.attempts;
    await waitUntil(async () => (await store.list())[0]!.attempts > attempts + 1);
    expect((await store.list())[0]!.status).toBe('pending');
    clock.offset += HOUR;
    await waitUntil(async () => (await store.counts()).dead === 1);
    await worker.stop();
    sender.close();
  });

  it('backs off exponentially up to about 30 minutes', async () => {
    const failing = async () => {
      throw Object.assign(new Error('451 local error'), { responseCode: 451 });
    };
    const worker = track(new OutboxWorker(store, failing, silent, { retryBaseMs: 5_000, giveUpAfterMs: 120 * HOUR, pollMs: 10, now }));
    const id = await store.enqueue(mail());
    // Pretend this is its 20th failure: the delay is the cap, not 5 s × 2^19.
    await db.updateTable('outbox').set({ attempts: 19 }).where('id', '=', id).execute();
    worker.start();
    const before = now();
    await waitUntil(async () => (await store.list())[0]!.attempts === 20);
    const delay = (await store.list())[0]!.nextAttemptAt - before;
    expect(delay).toBeGreaterThanOrEqual(30 * 60_000);
    expect(delay).toBeLessThan(30 * 60_000 + 1_000);
    await worker.stop();
  });

  it('delivers N messages over fewer connections than N, each exactly once', async () => {
    const smtp = await startSmtp();
    const sender = smtpSender(smtp.url, { maxConnections: 3, maxMessages: 100 });
    const worker = track(new OutboxWorker(store, sender.send, silent, { retryBaseMs: 10, giveUpAfterMs: HOUR, pollMs: 5, concurrency: 6, now }));
    const n = 60;
    for (let i = 1; i <= n; i++) await store.enqueue(mail(i));
    worker.start();
    // Extra passes while deliveries are in flight must not pick the same rows up again.
    const kicks = setInterval(() => worker.kick(), 1);
    await smtp.waitForMessages(n);
    await waitUntil(async () => (await store.counts()).sent === n);
    clearInterval(kicks);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(n);
    expect(new Set(smtp.messages.map((m) => m.subject)).size).toBe(n);
    expect(smtp.connections()).toBeLessThanOrEqual(3);
    await worker.stop();
    sender.close();
    await smtp.stop();
  });

  it('lists dead mail and re-queues it with the tickets command, then sends it through SMTP', async () => {
    const refused = await startSmtp({ refuseRecipient: () => 550 });
    const first = smtpSender(refused.url);
    const w1 = track(new OutboxWorker(store, first.send, silent, { retryBaseMs: 10, giveUpAfterMs: HOUR, pollMs: 10, now }));
    await store.enqueue(mail(7));
    w1.start();
    await waitUntil(async () => (await store.counts()).dead === 1);
    await w1.stop();
    first.close();
    await refused.stop();

    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const id = (await store.list())[0]!.id;
    expect(await runTicketsCli(['dead', '--data-dir', dir], cliEnv, io)).toBe(0);
    expect(out.join('\n')).toMatch(new RegExp(`#${id} DEAD +user7@ledgerline.test .*550`));
    expect(await runTicketsCli(['requeue', '--data-dir', dir], cliEnv, io)).toBe(2);
    expect(await runTicketsCli(['requeue', String(id), '--data-dir', dir], cliEnv, io)).toBe(0);
    expect(out.at(-1)).toBe(`Re-queued 1 message(s): #${id}`);
    expect(await store.counts()).toEqual({ pending: 1, sent: 0, dead: 0 });

    const smtp = await startSmtp();
    const sender = smtpSender(smtp.url);
    const w2 = track(new OutboxWorker(store, sender.send, silent, { retryBaseMs: 10, giveUpAfterMs: HOUR, pollMs: 10, now }));
    w2.start();
    const [got] = await smtp.waitForMessages(1);
    expect(got!.subject).toBe('Message 7');
    await waitUntil(async () => (await store.counts()).sent === 1);
    expect(await runTicketsCli(['requeue', '--all-dead', '--data-dir', dir], cliEnv, io)).toBe(0);
    expect(out.at(-1)).toBe('Re-queued 0 message(s)');
    await w2.stop();
    sender.close();
    await smtp.stop();
  });
});
