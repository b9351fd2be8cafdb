import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, signed, type TestApp } from '../_lib/testApp';
import { CompiledQuery } from 'kysely';
import { runTicketsCli, ticketMailsQuery } from '../../../api-server/src/cli/tickets';
import { TicketStore } from '../../../api-server/src/support/store';

// PostgreSQL has no file to watch (the command only reads there too, requeue aside): SQLite only.
describe('npm run tickets on SQLite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@ledgerline.test' });
    const res = await request(t.app)
      .post('/api/support')
      .set('Content-Type', 'application/json')
      .send(signed(t, { name: 'Customer', email: 'c@example.com', subject: 'Problem', message: 'Line one', priority: 'low', category: 'billing', accountId: '' }));
    expect(res.status).toBe(201);
  });
  afterAll(() => t.close());

  it('opens the database read-only', async () => {
    const file = path.join(t.dataDir, 'platform.db');
    const before = fs.statSync(file).mtimeMs;
    const out: string[] = [];
    const code = await runTicketsCli(['list'], { DATA_DIR: t.dataDir }, { out: (l) => out.push(l), err: () => undefined });
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/SUP-/);
    expect(fs.statSync(file).mtimeMs).toBe(before);
  });

  it("finds a ticket's mails through an index, not a scan of every mail ever queued", async () => {
    const [ticket] = await new TicketStore(t.db).list(1);
    const query = ticketMailsQuery(t.db, ticket!).compile();
    const plan = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/SEARCH outbox USING INDEX outbox_created \(created_at>\? AND created_at<\?\)/);
  });

  it('finds the database through --data-dir when DATA_DIR is not set', async () => {
    expect(await runTicketsCli(['list', '--data-dir', t.dataDir], {}, { out: () => undefined, err: () => undefined })).toBe(0);
  });
});
