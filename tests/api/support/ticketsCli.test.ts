import { execFileSync } from 'node:child_process';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, signed, type TestApp } from '../_lib/testApp';
import { runTicketsCli, ticketMails } from '../../../api-server/src/cli/tickets';
import { TicketStore } from '../../../api-server/src/support/store';

async function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTicketsCli(args, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run tickets', () => {
  let t: TestApp;
  let ids: string[];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@ledgerline.test' });
    env = t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : { DATA_DIR: t.dataDir };
    ids = [];
    for (const [i, priority] of (['urgent', 'low'] as const).entries()) {
      const res = await request(t.app)
        .post('/api/support')
        .set('Content-Type', 'application/json')
        .send(signed(t, { name: `Customer ${i}`, email: `c${i}@example.com`, subject: `Problem ${i}`, message: `Line one\nLine two ${i}`, priority, category: 'billing', accountId: i ? 'acct_9' : '' }));
      ids.push(res.body.ticketId as string);
    }
    // The worker's view of one delivery and one give-up, written as the worker would.
    const [teamMail] = (await t.outbox.list({ ref: `support:${ids[0]!}` })).filter((m) => m.to === 'help@ledgerline.test');
    await t.outbox.markSent(teamMail!.id);
    const [customerMail] = (await t.outbox.list({ ref: `support:${ids[1]!}` })).filter((m) => m.to === 'c1@example.com');
    await t.outbox.markFailed(customerMail!, '550 mailbox unavailable', null);
  });
  afterAll(() => t.close());

  it('lists tickets with their mail state and warns about dead mail', async () => {
    const r = await run(['list'], env);
    expect(r.code).toBe(0);
    expect(r.out).toContain('2 ticket(s)');
    expect(r.out).toContain('Outbox: 2 pending, 1 sent, 1 dead');
    expect(r.out).toContain('WARNING: 1 dead message(s): run "dead" to see them, "requeue <id>" to send again.');
    const lines = r.out.split('\n');
    expect(lines.find((l) => l.startsWith(ids[0]!))).toMatch(/urgent.*billing.*open.*c0@example.com.*"Problem 0".*mail: 1 pending, 1 sent/);
    expect(lines.find((l) => l.startsWith(ids[1]!))).toMatch(/mail: 1 pending, 1 dead/);
  });

  it('shows one ticket with its message and emails (case-insensitive id)', async () => {
    const r = await run(['show', ids[1]!.toLowerCase()], env);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Ticket ${ids[1]!} (open)`);
    expect(r.out).toContain('Account ID: acct_9');
    expect(r.out).toContain('  | Line two 1');
    expect(r.out).toMatch(/DEAD +c1@example.com .*last error: 550 mailbox unavailable/);
    expect(r.out).toMatch(/PENDING help@ledgerline.test/);
  });

  it('filters the outbox by status', async () => {
    const dead = await run(['outbox', '--status', 'dead'], env);
    expect(dead.code).toBe(0);
    expect(dead.out.split('\n')).toHaveLength(2);
    expect(dead.out).toContain('c1@example.com');
    expect((await run(['outbox', '--status=sent'], env)).out).toContain('help@ledgerline.test');
    expect((await run(['outbox'], env)).out.split('\n')).toHaveLength(5);
  });

  it('reports unknown tickets, bad options and a missing database with distinct exit codes', async () => {
    expect(await run(['show', 'SUP-ZZZZZZ'], env)).toMatchObject({ code: 1, err: 'No ticket SUP-ZZZZZZ' });
    expect((await run(['show'], env)).code).toBe(2);
    expect((await run(['outbox', '--status', 'lost'], env)).code).toBe(2);
    expect((await run(['list', '--limit', '0'], env)).code).toBe(2);
    expect((await run(['frobnicate'], env)).code).toBe(2);
    expect((await run([], env)).code).toBe(2);
    expect(await run(['help'], env)).toMatchObject({ code: 0, out: expect.stringContaining('Usage: npm run tickets') });
    expect((await run(['list'], { DATA_DIR: path.join(t.dataDir, 'nope') })).code).toBe(3);
  });

  it('runs as a script through npm run tickets', async () => {
    const root = path.resolve(__dirname, '../../..');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'api-server/src/cli/tickets.ts', 'list'], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(out).toContain(ids[0]!);
  }, 20_000);

  // Last: it queues mail of its own, which the counts above must not see.
  it("finds a ticket's mails by its creation time, which they carry, and those an older version queued a moment later", async () => {
    const ticket = (await new TicketStore(t.db).get(ids[0]!))!;
    const carried = await t.db.selectFrom('outbox').select(['created_at']).where('ref', '=', `support:${ids[0]!}`).execute();
    expect(carried.map((m) => m.created_at)).toEqual([ticket.createdAt, ticket.createdAt]);
    expect((await ticketMails(t.db, ticket)).map((m) => m.to_addr).sort()).toEqual(['c0@example.com', 'help@ledgerline.test']);

    // As the version before outbox-006 queued them: a few milliseconds after the ticket.
    const older = { ticketId: 'SUP-OLDER2', createdAt: '2026-01-05T10:00:00.000Z' };
    const mail = (to: string, ms: number) => ({ ref: `support:${older.ticketId}`, to, subject: 's', text: 't', createdAt: new Date(Date.parse(older.createdAt) + ms).toISOString() });
    await t.outbox.enqueue(mail('team@ledgerline.test', 3));
    await t.outbox.enqueue(mail('customer@example.com', 4));
    // Another ticket's mail in the same minute is not this one's.
    await t.outbox.enqueue({ ...mail('other@example.com', 5), ref: 'support:SUP-OTHER3' });
    expect((await ticketMails(t.db, older)).map((m) => m.to_addr)).toEqual(['team@ledgerline.test', 'customer@example.com']);
  });
});
