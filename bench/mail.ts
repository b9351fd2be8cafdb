import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { atomically, runMigrations } from '../api-server/src/db/database';
import { openStorage } from '../api-server/src/db/storage';
import { ALL_MIGRATIONS } from '../api-server/src/features';
import { OutboxStore } from '../api-server/src/mail/outbox';
import { smtpSender } from '../api-server/src/mail/transport';
import { OutboxWorker } from '../api-server/src/mail/worker';
import { startSmtp } from '../tests/e2e/_lib/smtp';
import { BUDGETS } from './config';
import type { Report } from './table';

/**
 * A burst of queued mail against a local SMTP sink: 10,000 messages queued into a temporary
 * DATA_DIR, then the production worker and transport (pooled, concurrent, durable() before each
 * read) deliver them. Figure: seconds from worker start until the sink has them all.
 */
export async function runMail(report: Report, log: (line: string) => void, count = BUDGETS.mailBurstMessages): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const storage = await openStorage({ dataDir });
  const { db, writes } = storage;
  const sink = await startSmtp({ parse: false });
  const sender = smtpSender(sink.url);
  try {
    await runMigrations(storage, ALL_MIGRATIONS);
    const outbox = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.localhost>');
    await atomically(db, async (tx) => {
      for (let i = 1; i <= count; i++) {
        await outbox.enqueue({ ref: `bench:${i}`, to: `customer${i}@example.com`, subject: `Ticket ${i}`, text: `Message ${i}\n`.repeat(20) }, tx);
      }
    });
    log(`Mail: delivering ${count} queued messages to a local SMTP sink...`);
    const worker = new OutboxWorker(outbox, sender.send, pino({ level: 'silent' }), {
      retryBaseMs: 5_000,
      giveUpAfterMs: 120 * 3_600_000,
      durable: () => writes.durable(),
    });
    const started = performance.now();
    worker.start();
    await sink.waitForMessages(count, BUDGETS.mailBurstSeconds * 4_000);
    const ms = performance.now() - started;
    await worker.stop();
    const c = await outbox.counts();
    const s = ms / 1000;
    report.check('mail', `burst of ${count} queued messages to a local SMTP sink`, `${s.toFixed(1)} s`, `< ${BUDGETS.mailBurstSeconds} s`, s < BUDGETS.mailBurstSeconds);
    report.info('mail', 'delivery rate', `${Math.round(count / s)} msgs/s`);
    report.info('mail', 'SMTP connections used', String(sink.connections()));
    if (c.sent !== count) report.note(`mail: ${c.sent} of ${count} marked sent when the sink had them all (${c.pending} pending, ${c.dead} dead)`);
  } finally {
    sender.close();
    await sink.stop();
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
