import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery } from 'kysely';
import type { Storage } from '../../../api-server/src/db/database';
import { claimStatement as claimStatementOf } from '../../../api-server/src/mail/outbox';
import { openTestStorage, TEST_ENGINE, testDatabaseUrl } from '../_lib/testApp';

const BACKLOG = 20_000;
const CHUNK = 1_000;

/**
 * Issue 28: a claim must read the due rows in an index's order and stop after its batch. Sorting
 * the pending backlog instead blocked the event loop for 16 ms at 20,000 pending mails.
 */
describe('the outbox claim query at a large backlog', () => {
  let dir: string;
  let storage: Storage;
  const at = Date.parse('2026-03-01T09:00:00Z');

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-plan-'));
    storage = await openTestStorage(dir, await testDatabaseUrl());
    for (let start = 0; start < BACKLOG; start += CHUNK) {
      const rows = Array.from({ length: CHUNK }, (_, i) => {
        const n = start + i;
        // Retries spread out over the last hour: due order is not insertion order.
        const due = at - ((n * 7919) % 3_600_000);
        return {
          ref: `plan:${n}`,
          message_id: `<${n}.plan@ledgerline.test>`,
          to_addr: `user${n}@ledgerline.test`,
          from_addr: 'Ledgerline <no-reply@ledgerline.test>',
          subject: `Message ${n}`,
          text_body: 'body',
          next_attempt_at: due,
          created_at: new Date(due).toISOString(),
          queued_at: due,
        };
      });
      await storage.db.insertInto('outbox').values(rows).execute();
    }
    // PostgreSQL plans from statistics: those of a realistic backlog, as autovacuum would keep them.
    if (TEST_ENGINE === 'postgres') await storage.db.executeQuery(CompiledQuery.raw('ANALYZE outbox'));
  }, 60_000);
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The statement claimDue runs, as sent to the engine. */
  async function claimStatement(): Promise<CompiledQuery> {
    return claimStatementOf(storage.db, { limit: 20, worker: 'worker-a', leaseMs: 60_000, now: at, inFlight: [1, 2, 3] });
  }

  it('reads the due rows through an index in claim order, with no sort of the backlog', async () => {
    const claim = await claimStatement();
    if (TEST_ENGINE === 'sqlite') {
      const plan = await storage.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${claim.sql}`, [...claim.parameters]));
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/SEARCH outbox USING (COVERING )?INDEX outbox_claim/);
      expect(details).not.toMatch(/TEMP B-TREE/);
    } else {
      const plan = await storage.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${claim.sql}`, [...claim.parameters]));
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index (Only )?Scan using outbox_claim/);
      expect(text).not.toMatch(/Sort/);
    }
  });

  it('writes the batch size into the statement, and refuses one that is not a positive integer', async () => {
    const claim = claimStatementOf(storage.db, { limit: 7, worker: 'worker-a', leaseMs: 60_000, now: at, inFlight: [] });
    // Bound, the LIMIT of the subquery cost SQLite a third more per claim (issue 28).
    expect(claim.sql).toMatch(/ limit 7[ )]/i);
    expect(claim.parameters).not.toContain(7);
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      expect(() => claimStatementOf(storage.db, { limit, worker: 'worker-a', leaseMs: 60_000, now: at, inFlight: [] })).toThrow(RangeError);
    }
  });

  it('returns what a delivery needs and not the lease it sets', async () => {
    const claim = claimStatementOf(storage.db, { limit: 5, worker: 'worker-a', leaseMs: 60_000, now: at, inFlight: [] });
    const rows = (await storage.db.executeQuery(claim)).rows;
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0]!).sort()).toEqual(['attempts', 'created_at', 'from_addr', 'html_body', 'id', 'last_error', 'next_attempt_at', 'queued_at', 'ref', 'reply_to', 'sent_at', 'status', 'subject', 'text_body', 'to_addr']);
  });
});
