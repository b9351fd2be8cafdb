import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase, runMigrations, type Db } from '../../../api-server/src/db/database';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { fileSender, smtpSender } from '../../../api-server/src/mail/transport';
import { OutboxWorker } from '../../../api-server/src/mail/worker';
import { ALL_MIGRATIONS } from '../../../api-server/src/features';
import { startSmtp } from '../../e2e/_lib/smtp';

const silent = pino({ level: 'silent' });
const waitUntil = async (pred: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('mail outbox', () => {
  let dir: string;
  let db: Db;
  let store: OutboxStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    db = openDatabase(dir);
    runMigrations(db, ALL_MIGRATIONS);
    store = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.test>');
  });
  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('strips CR/LF from headers so nothing can be injected', () => {
    store.enqueue({ ref: 't:1', to: 'a@b.test\r\nBcc: x@evil.test', subject: 'Hi\r\nBcc: x@evil.test', text: 'body' });
    const [row] = store.list();
    expect(row!.subject).toBe('Hi Bcc: x@evil.test');
    expect(row!.to).not.toMatch(/[\r\n]/);
  });

  it('rolls back the mail with the record it belongs to', () => {
    db.exec('CREATE TABLE things (id TEXT PRIMARY KEY)');
    const insert = db.prepare('INSERT INTO things (id) VALUES (?)');
    const both = db.transaction((id: string) => {
      insert.run(id);
      store.enqueue({ ref: `thing:${id}`, to: 'a@b.test', subject: 's', text: 't' });
    });
    both('one');
    expect(() => both('one')).toThrow();
    expect(store.list()).toHaveLength(1);
  });

  it('delivers through SMTP, retries while the server is down, and sends exactly once', async () => {
    // Reserve a port, then free it: the "SMTP server down" phase.
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop();
    const sender = smtpSender(`smtp://127.0.0.1:${port}`);
    const worker = new OutboxWorker(store, sender.send, silent, { retryBaseMs: 50, giveUpAfterMs: 60_000, maxDelayMs: 200, pollMs: 50 });
    worker.start();
    store.enqueue({ ref: 't:1', to: 'ops@ledgerline.test', replyTo: 'c@x.test', subject: 'Queued while down', text: 'plain', html: '<p>html</p>' });
    await waitUntil(() => (store.list()[0]?.attempts ?? 0) >= 2);
    expect(store.counts()).toEqual({ pending: 1, sent: 0, dead: 0 });
    expect(store.list()[0]!.lastError).toBeTruthy();

    const smtp = await startSmtp({ port });
    const [mail] = await smtp.waitForMessages(1);
    await waitUntil(() => store.counts().sent === 1);
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
    store.enqueue({ ref: 't:1', to: 'a@b.test', subject: 's', text: 't' });
    worker.start();
    await new Promise((r) => setTimeout(r, 150));
    expect(sent).toEqual([]);
    markDurable();
    await waitUntil(() => sent.length === 1);
    await worker.stop();
  });

  it('gives Message-IDs that sort by creation time (appends to their unique index, not random pages)', () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const timed = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.test>', () => new Date((t += 1_000)));
    for (let i = 0; i < 20; i++) timed.enqueue({ ref: `t:${i}`, to: 'a@b.test', subject: 's', text: 't' });
    const ids = timed.list().map((r) => r.messageId);
    expect(new Set(ids).size).toBe(20);
    expect(ids.every((id) => /^<[0-9a-z]+\.[0-9a-f-]{36}@ledgerline\.test>$/.test(id))).toBe(true);
    const byCreation = [...timed.list()].sort((a, b) => a.id - b.id).map((r) => r.messageId);
    expect([...byCreation].sort()).toEqual(byCreation);
  });

  it('steps aside while API requests are in flight, then delivers everything', async () => {
    const sent: string[] = [];
    const record = async (row: { ref: string }) => {
      sent.push(row.ref);
    };
    let busy = true;
    const worker = new OutboxWorker(store, record, silent, { retryBaseMs: 10, giveUpAfterMs: 60_000, pollMs: 10_000, busy: () => busy, busyPauseMs: 300 });
    for (let i = 1; i <= 3; i++) store.enqueue({ ref: `t:${i}`, to: 'a@b.test', subject: 's', text: 't' });
    worker.start();
    await waitUntil(() => sent.length >= 1);
    // While busy the worker pauses between messages; without the pause all three go at once.
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual(['t:1']);
    busy = false;
    await waitUntil(() => sent.length === 3);
    // Outcomes are recorded together a few milliseconds after the sends.
    await waitUntil(() => store.counts().sent === 3);
    expect(store.counts()).toEqual({ pending: 0, sent: 3, dead: 0 });
    await worker.stop();
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const mailDir = path.join(dir, 'mail');
    const sender = fileSender(mailDir);
    const worker = new OutboxWorker(store, sender.send, silent, { retryBaseMs: 10, giveUpAfterMs: 60_000, pollMs: 10 });
    worker.start();
    store.enqueue({ ref: 't:3', to: 'sales@ledgerline.test', subject: 'To a file', text: 'hello file' });
    await waitUntil(() => store.counts().sent === 1);
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(mailDir, files[0]!), 'utf8');
    expect(eml).toContain('Subject: To a file');
    expect(eml).toContain('hello file');
    await worker.stop();
  });
});
