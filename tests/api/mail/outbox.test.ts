import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { atomically, type Db, type Storage } from '../../../api-server/src/db/database';
import { openTestStorage } from '../_lib/testApp';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { fileSender, smtpSender } from '../../../api-server/src/mail/transport';
import { OutboxWorker } from '../../../api-server/src/mail/worker';
import { startSmtp } from '../../e2e/_lib/smtp';

const silent = pino({ level: 'silent' });
const waitUntil = async (pred: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('mail outbox', () => {
  let dir: string;
  let storage: Storage;
  let db: Db;
  let store: OutboxStore;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    storage = await openTestStorage(dir);
    db = storage.db;
    store = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.test>');
  });
  afterEach(async () => {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('strips CR/LF from headers so nothing can be injected', async () => {
    await store.enqueue({ ref: 't:1', to: 'a@b.test\r\nBcc: x@evil.test', subject: 'Hi\r\nBcc: x@evil.test', text: 'body' });
    const [row] = await store.list();
    expect(row!.subject).toBe('Hi Bcc: x@evil.test');
    expect(row!.to).not.toMatch(/[\r\n]/);
  });

  it('rolls back the mail with the record it belongs to', async () => {
    await sql`CREATE TABLE things (id TEXT PRIMARY KEY)`.execute(db);
    const both = (id: string) =>
      atomically(db, async (tx) => {
        await sql`INSERT INTO things (id) VALUES (${id})`.execute(tx);
        await store.enqueue({ ref: `thing:${id}`, to: 'a@b.test', subject: 's', text: 't' }, tx);
      });
    await both('one');
    // The driver's error comes from another realm than jest's Error: compare outcomes instead.
    expect(await both('one').then(() => 'stored', () => 'refused')).toBe('refused');
    expect(await store.list()).toHaveLength(1);
  });

  it('delivers through SMTP, retries while the server is down, and sends exactly once', async () => {
    // Reserve a port, then free it: the "SMTP server down" phase.
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop();
    const sender = smtpSender(`smtp://127.0.0.1:${port}`);
    const worker = new OutboxWorker(store, sender.send, silent, { retryBaseMs: 50, giveUpAfterMs: 60_000, maxDelayMs: 200, pollMs: 50 });
    worker.start();
    await store.enqueue({ ref: 't:1', to: 'ops@ledgerline.test', replyTo: 'c@x.test', subject: 'Queued while down', text: 'plain', html: '<p>html</p>' });
    await waitUntil(async () => ((await store.list())[0]?.attempts ?? 0) >= 2);
    expect(await store.counts()).toEqual({ pending: 1, sent: 0, dead: 0 });
    expect((await store.list())[0]!.lastError).toBeTruthy();

    const smtp = await startSmtp({ port });
    const [mail] = await smtp.waitForMessages(1);
    await waitUntil(async () => (await store.counts()).sent === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(1);
    expect(mail!.subject).toBe('Queued while down');
    expect(mail!.text?.trim()).toBe('plain');
    expect(mail!.html).toContain('<p>html</p>');
    expect(mail!.replyTo?.text).toBe('c@x.test');
    await worker.stop();
    sender.close();
    await smtp.stop();
  });

  it('sends nothing until what is committed is on disk', async () => {
    const sent: string[] = [];
    let markDurable!: () => void;
    const durable = new Promise<void>((resolve) => (markDurable = resolve));
    const worker = new OutboxWorker(store, async (row) => void sent.push(row.ref), silent, {
      retryBaseMs: 10,
      giveUpAfterMs: 60_000,
      pollMs: 10_000,
      durable: () => durable,
    });
    await store.enqueue({ ref: 't:1', to: 'a@b.test', subject: 's', text: 't' });
    worker.start();
    await new Promise((r) => setTimeout(r, 150));
    expect(sent).toEqual([]);
    markDurable();
    await waitUntil(() => sent.length === 1);
    await worker.stop();
  });

  it('gives each message a Message-ID of its row id and creation time at the sender\'s domain, the same on every read', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const timed = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.test>', () => new Date((t += 1_000)));
    for (let i = 0; i < 20; i++) await timed.enqueue({ ref: `t:${i}`, to: 'a@b.test', subject: 's', text: 't' });
    const rows = await timed.list();
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(20);
    for (const r of rows) expect(r.messageId).toBe(`<${r.id}.${Date.parse(r.createdAt).toString(36)}@ledgerline.test>`);
    const claimed = await timed.claimDue(20, 'w', 60_000);
    expect(claimed.map((r) => r.messageId).sort()).toEqual(rows.map((r) => r.messageId).sort());
  });

  it('steps aside while API requests are in flight, then delivers everything', async () => {
    const sent: string[] = [];
    const record = async (row: { ref: string }) => {
      sent.push(row.ref);
    };
    let busy = true;
    const worker = new OutboxWorker(store, record, silent, { retryBaseMs: 10, giveUpAfterMs: 60_000, pollMs: 10_000, busy: () => busy, busyPauseMs: 300 });
    for (let i = 1; i <= 3; i++) await store.enqueue({ ref: `t:${i}`, to: 'a@b.test', subject: 's', text: 't' });
    worker.start();
    await waitUntil(() => sent.length >= 1);
    // While busy the worker pauses between messages; without the pause all three go at once.
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual(['t:1']);
    busy = false;
    await waitUntil(() => sent.length === 3);
    // Outcomes are recorded together a few milliseconds after the sends.
    await waitUntil(async () => (await store.counts()).sent === 3);
    expect(await store.counts()).toEqual({ pending: 0, sent: 3, dead: 0 });
    await worker.stop();
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const mailDir = path.join(dir, 'mail');
    const sender = fileSender(mailDir);
    const worker = new OutboxWorker(store, sender.send, silent, { retryBaseMs: 10, giveUpAfterMs: 60_000, pollMs: 10 });
    worker.start();
    await store.enqueue({ ref: 't:3', to: 'sales@ledgerline.test', subject: 'To a file', text: 'hello file' });
    await waitUntil(async () => (await store.counts()).sent === 1);
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(mailDir, files[0]!), 'utf8');
    expect(eml).toContain('Subject: To a file');
    expect(eml).toContain('hello file');
    await worker.stop();
  });

  it('writes .eml files with asynchronous calls only: creating a file can wait on the disk, and the event loop must not', async () => {
    const mailDir = path.join(dir, 'mail');
    const sender = fileSender(mailDir);
    const synchronous = (['mkdirSync', 'openSync', 'writeFileSync', 'writeSync', 'renameSync', 'rmSync'] as const).map((name) => ({ name, spy: jest.spyOn(fs, name) }));
    try {
      await store.enqueue({ ref: 't:4', to: 'sales@ledgerline.test', subject: 'Async file', text: 'no waiting' });
      const [row] = await store.claimDue(1, 'test-worker', 60_000);
      await sender.send(row!);
      expect(synchronous.filter(({ spy }) => spy.mock.calls.length > 0).map(({ name }) => name)).toEqual([]);
    } finally {
      for (const { spy } of synchronous) spy.mockRestore();
    }
    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(mailDir, files[0]!), 'utf8')).toContain('Subject: Async file');
  });
});
