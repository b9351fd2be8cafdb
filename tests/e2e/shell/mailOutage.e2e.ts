import { startServer } from '../_lib/server';
import { startSmtp } from '../_lib/smtp';
import Database from 'better-sqlite3';
import path from 'node:path';

/**
 * The production server, with SMTP down: a queued message stays pending and is delivered once,
 * after a restart, when the SMTP server comes back.
 */
describe('mail survives an SMTP outage and a restart', () => {
  it('delivers a queued message exactly once when SMTP returns', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '100' };
    const first = await startServer({ env });
    // Queue directly in the server's database: the features that queue mail have their own tests.
    const db = new Database(path.join(first.dataDir, 'platform.db'));
    db.prepare(
      `INSERT INTO outbox (ref, message_id, to_addr, from_addr, subject, text_body, next_attempt_at, created_at)
       VALUES ('e2e:1', '<e2e-1@ledgerline.test>', 'ops@ledgerline.test', 'no-reply@ledgerline.test', 'Outage test', 'body', 0, ?)`,
    ).run(new Date().toISOString());
    await new Promise((r) => setTimeout(r, 800));
    expect((db.prepare('SELECT attempts, status FROM outbox').get() as { attempts: number; status: string })).toMatchObject({ status: 'pending' });
    expect(await first.stop()).toBe(0);

    const smtp = await startSmtp({ port });
    const second = await startServer({ env, dataDir: first.dataDir });
    await smtp.waitForMessages(1, 15_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Outage test']);
    expect((db.prepare('SELECT status FROM outbox').get() as { status: string }).status).toBe('sent');
    db.close();
    await second.stop();
    await smtp.stop();
  }, 60_000);
});
