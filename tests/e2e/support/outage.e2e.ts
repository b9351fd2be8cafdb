import { startServer } from '../_lib/server';
import { startSmtp } from '../_lib/smtp';
import { formTokenFor } from '../_lib/formToken';
import { runTicketsCli } from '../../../api-server/src/cli/tickets';

const SUPPORT_EMAIL = 'helpdesk@ledgerline.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the support team would see with `npm run tickets -- list`. */
async function ticketsList(dataDir: string): Promise<string> {
  const out: string[] = [];
  await runTicketsCli(['list'], { DATA_DIR: dataDir }, { out: (l) => out.push(l), err: (l) => out.push(l) });
  return out.join('\n');
}

/**
 * SMTP is down while three tickets are filed; the server restarts with the same DATA_DIR and
 * SMTP comes back: the six emails (team + customer per ticket) arrive, each exactly once.
 */
describe('support tickets survive an SMTP outage and a restart', () => {
  it('delivers all six emails exactly once', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_BASE_MS: '100', SUPPORT_EMAIL };

    const first = await startServer({ env });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${first.url}/api/support`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: `Customer ${i}`,
          email: `customer${i}@example.com`,
          subject: `Outage ticket ${i}`,
          message: 'Filed while the mail server is down.',
          priority: 'urgent',
          category: 'technical',
          formToken: formTokenFor(first.dataDir),
        }),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { success: boolean; ticketId: string };
      expect(body.success).toBe(true);
      ids.push(body.ticketId);
    }
    // Let the worker fail a few attempts against the dead port.
    await sleep(800);
    expect(await first.stop()).toBe(0);
    expect(await ticketsList(first.dataDir)).toContain('3 ticket(s)');
    expect(await ticketsList(first.dataDir)).toContain('Outbox: 6 pending, 0 sent, 0 dead');

    const smtp = await startSmtp({ port });
    const second = await startServer({ env, dataDir: first.dataDir });
    try {
      await smtp.waitForMessages(6, 20_000);
      await sleep(1500); // any duplicate would show up here
      expect(smtp.messages).toHaveLength(6);
      const seen = smtp.messages.map((m) => {
        const to = m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : undefined;
        return `${to} ${m.subject}`;
      });
      expect(new Set(seen).size).toBe(6);
      expect(new Set(smtp.messages.map((m) => m.messageId)).size).toBe(6);
      for (const [i, id] of ids.entries()) {
        expect(seen).toContain(`${SUPPORT_EMAIL} [${id}] [Urgent] [Technical Support] Outage ticket ${i}`);
        expect(seen).toContain(`customer${i}@example.com [${id}] We received your support request`);
      }
    } finally {
      await second.stop();
      await smtp.stop();
    }
    expect(await ticketsList(first.dataDir)).toContain('Outbox: 0 pending, 6 sent, 0 dead');
  }, 90_000);
});
