import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ADMIN, startServer } from '../_lib/server';
import { formTokenFor } from '../_lib/formToken';

const INJECTOR = path.join(__dirname, '../_lib/faultInjection.cjs');
const isRoot = process.getuid?.() === 0;
const mounts: string[] = [];
const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

/** A real small filesystem: the kernel, not a mock, says ENOSPC. */
function smallDisk(dir: string, size: string): string {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

/** Writes a filler file until the filesystem is full; returns its path. */
function fill(dir: string): string {
  const file = path.join(dir, 'filler');
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(4096, 1);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

let n = 0;
const fileTicket = (server: { url: string; dataDir: string }) =>
  fetch(`${server.url}/api/support`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ formToken: formTokenFor(server.dataDir), name: 'Ada', email: 'ada@example.com', subject: `Disk test ${n++}`, message: 'Does it survive a full disk?', priority: 'high', category: 'technical' }),
  });

const emlText = (mailDir: string) =>
  fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')).map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8')).join('\n') : '';

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const describeAsRoot = isRoot ? describe : describe.skip;
if (!isRoot) console.warn('storage faults: skipped, mounting a small tmpfs needs root (CI runs as root)');

describeAsRoot('storage faults are answered, not fatal', () => {
  let base: string;
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-faults-'));
  });
  afterAll(() => {
    for (const dir of mounts.reverse()) execFileSync('umount', ['-l', dir]);
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('a full data disk: writes get 503 JSON with Retry-After, pages and reads still answer, writes and mail resume when space returns', async () => {
    const dataDir = smallDisk(path.join(base, 'full'), '3m');
    const server = await startServer({ dataDir });
    try {
      const acknowledged: string[] = [];
      const first = await fileTicket(server);
      expect(first.status).toBe(201);
      acknowledged.push(((await first.json()) as { ticketId: string }).ticketId);
      const filler = fill(dataDir);
      // SQLite reuses WAL space it already has: the disk shows as full once the WAL must grow.
      let refused: Response | undefined;
      for (let i = 0; i < 300 && !refused; i++) {
        const res = await fileTicket(server);
        if (res.status === 201) acknowledged.push(((await res.json()) as { ticketId: string }).ticketId);
        else refused = res;
      }
      expect(refused?.status).toBe(503);
      expect(refused!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused!.headers.get('content-type')).toMatch(/json/);
      expect(await refused!.json()).toEqual({ success: false, error: expect.stringMatching(/try again/) });

      // The mail worker meets the full disk too (outbox writes, .eml spool); give it a few polls.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(server.process.exitCode).toBeNull();
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/white-label/config`, { headers: { Authorization: auth } })).status).toBe(200);

      fs.rmSync(filler);
      const after = await fileTicket(server);
      expect(after.status).toBe(201);
      acknowledged.push(((await after.json()) as { ticketId: string }).ticketId);
      // Every acknowledged ticket gets its two mails (team and customer), none is dead.
      await until(() => acknowledged.every((id) => emlText(path.join(dataDir, 'mail')).split(id).length - 1 >= 2), 20_000, 'the mails of every acknowledged ticket');
      expect(server.output()).not.toMatch(/mail dead/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 90_000);

  it('a full mail spool is a temporary failure: no attempt is spent, no dead letter, mail is written when space returns', async () => {
    const dataDir = path.join(base, 'spool');
    const mailDir = smallDisk(path.join(dataDir, 'mail'), '64k');
    const filler = fill(mailDir);
    const server = await startServer({ dataDir });
    try {
      const res = await fileTicket(server);
      expect(res.status).toBe(201);
      const { ticketId } = (await res.json()) as { ticketId: string };
      await new Promise((r) => setTimeout(r, 2_500));
      expect(server.process.exitCode).toBeNull();
      const db = new Database(path.join(dataDir, 'platform.db'), { readonly: true });
      const rows = db.prepare("SELECT status, attempts FROM outbox WHERE ref LIKE '%' || ? || '%'").all(ticketId);
      db.close();
      expect(rows).toEqual([
        { status: 'pending', attempts: 0 },
        { status: 'pending', attempts: 0 },
      ]);
      expect(fs.readdirSync(mailDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

      fs.rmSync(filler);
      await until(() => emlText(mailDir).split(ticketId).length - 1 >= 2, 10_000, 'the ticket mails');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it('a failed fsync stops the process with a clear message; after a restart every acknowledged write is there', async () => {
    const dataDir = fs.mkdtempSync(path.join(base, 'fsync-'));
    const trigger = path.join(base, `fail-fsync-${path.basename(dataDir)}`);
    const env = { NODE_OPTIONS: `--require ${INJECTOR}`, FAIL_FSYNC_WHEN: trigger };
    const server = await startServer({ dataDir, env });
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fileTicket(server);
      expect(res.status).toBe(201);
      acknowledged.push(((await res.json()) as { ticketId: string }).ticketId);
    }
    await until(() => acknowledged.every((id) => emlText(path.join(dataDir, 'mail')).split(id).length - 1 >= 2), 10_000, 'the first mails');
    fs.writeFileSync(trigger, '');
    const refused = await fileTicket(server).catch(() => undefined);
    expect(refused?.status ?? 'connection closed').not.toBe(201);
    const code = await new Promise<number | null>((resolve) => {
      if (server.process.exitCode !== null) resolve(server.process.exitCode);
      else server.process.once('exit', (c) => resolve(c));
    });
    expect(code).toBe(5);
    expect(server.output()).toMatch(/FATAL: the database write-ahead log could not be synced to disk \(EIO/);
    // Nothing about the refused write left the process: no mail for it was written.
    expect(emlText(path.join(dataDir, 'mail'))).not.toMatch(new RegExp(`Disk test ${n - 1}\\b`));

    fs.rmSync(trigger);
    const restarted = await startServer({ dataDir, env });
    try {
      const db = new Database(path.join(dataDir, 'platform.db'), { readonly: true });
      const stored = (db.prepare('SELECT ticket_id AS id FROM support_tickets').all() as { id: string }[]).map((r) => r.id);
      db.close();
      expect(stored).toEqual(expect.arrayContaining(acknowledged));
      expect((await fileTicket(restarted)).status).toBe(201);
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
  }, 60_000);

  it('an unhandled promise rejection is logged and the server keeps answering', async () => {
    const server = await startServer({ env: { NODE_OPTIONS: `--require ${INJECTOR}`, STRAY_REJECTION_AFTER_MS: '300' } });
    try {
      await until(() => /unhandled promise rejection/.test(server.output()), 5_000, 'the log line');
      expect(server.output()).toMatch(/stray rejection from the fault injector/);
      expect((await fileTicket(server)).status).toBe(201);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 30_000);
});
