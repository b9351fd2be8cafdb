import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db, Storage } from '../../../api-server/src/db/database';
import { openTestStorage } from '../_lib/testApp';
import { OutboxStore } from '../../../api-server/src/mail/outbox';
import { createTicket, generateTicketId, TICKET_ALPHABET, TICKET_ID_PATTERN } from '../../../api-server/src/support/service';
import { TicketStore } from '../../../api-server/src/support/store';
import type { SupportRequest } from '../../../src/schemas/support';

const request: SupportRequest = {
  name: 'Ada',
  email: 'ada@example.com',
  subject: 'Help',
  message: 'Please help',
  priority: 'medium',
  category: 'general',
};

describe('support service', () => {
  let dir: string;
  let storage: Storage;
  let db: Db;
  let outbox: OutboxStore;
  const now = () => new Date('2026-02-01T08:00:00.000Z');
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'support-svc-'));
    storage = await openTestStorage(dir);
    db = storage.db;
    outbox = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.test>', now);
  });
  afterEach(async () => {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('draws ticket ids from the unambiguous alphabet', async () => {
    expect(TICKET_ALPHABET).not.toMatch(/[01IO]/);
    // Random ids can collide (the store draws again when they do), so a birthday collision among
    // 2,000 draws from 32^6 (p ≈ 0.2%) must not fail this test; a broken generator repeats far more.
    const ids = new Set(Array.from({ length: 2000 }, () => generateTicketId()));
    expect(ids.size).toBeGreaterThan(1990);
    expect(new Set([...ids].map((id) => id.slice(-1))).size).toBe(TICKET_ALPHABET.length);
    for (const id of ids) expect(id).toMatch(TICKET_ID_PATTERN);
    expect(generateTicketId(() => 0)).toBe('SUP-222222');
    expect(generateTicketId((max) => max - 1)).toBe('SUP-ZZZZZZ');
  });

  it('draws a new id when the first one is already taken', async () => {
    const ids = ['SUP-AAAAAA', 'SUP-AAAAAA', 'SUP-BBBBBB'];
    const deps = { db, outbox, now, supportEmail: 'help@ledgerline.test', newTicketId: () => ids.shift()! };
    expect((await createTicket(deps, request)).ticketId).toBe('SUP-AAAAAA');
    expect((await createTicket(deps, request)).ticketId).toBe('SUP-BBBBBB');
    expect(await new TicketStore(db).count()).toBe(2);
    // The failed attempt's rows were rolled back with it: two mails per stored ticket, no more.
    expect(await outbox.list()).toHaveLength(4);
  });

  it('gives up after repeated collisions instead of looping', async () => {
    const deps = { db, outbox, now, supportEmail: 'help@ledgerline.test', newTicketId: () => 'SUP-CCCCCC' };
    await createTicket(deps, request);
    await expect(createTicket(deps, request)).rejects.toThrow(/UNIQUE/);
    expect(await new TicketStore(db).count()).toBe(1);
  });

  it('stores nothing when the mail cannot be queued', async () => {
    let calls = 0;
    const failing = Object.create(outbox) as OutboxStore;
    failing.enqueue = async (mail, tx) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      return outbox.enqueue(mail, tx);
    };
    await expect(createTicket({ db, outbox: failing, now, supportEmail: 'help@ledgerline.test' }, request)).rejects.toThrow('disk full');
    expect(await new TicketStore(db).count()).toBe(0);
    expect(await outbox.list()).toHaveLength(0);
  });
  it('counts an address\'s recent tickets only as far as the receipt limit needs', async () => {
    const deps = { db, outbox, now, supportEmail: 'help@ledgerline.test' };
    for (let i = 0; i < 5; i++) await createTicket(deps, { ...request, email: i % 2 ? 'ADA@example.com' : 'ada@example.com' });
    const store = new TicketStore(db);
    const dayAgo = new Date(now().getTime() - 24 * 3_600_000).toISOString();
    expect(await store.countByEmailSince('Ada@Example.com', dayAgo, 3)).toBe(3);
    expect(await store.countByEmailSince('ada@example.com', dayAgo, 10)).toBe(5);
    expect(await store.countByEmailSince('ada@example.com', now().toISOString().replace('08:', '09:'), 10)).toBe(0);
  });
});
