import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import autocannon from 'autocannon';
import { runMigrations } from '../api-server/src/db/database';
import { openStorage } from '../api-server/src/db/storage';
import { ALL_MIGRATIONS } from '../api-server/src/features';
import { OutboxStore } from '../api-server/src/mail/outbox';
import { supportRequestSchema } from '../src/schemas';
import { formTokenFor } from '../tests/e2e/_lib/formToken';
import { startSmtp } from '../tests/e2e/_lib/smtp';
import { startServer } from '../tests/e2e/_lib/server';
import { BUDGETS, type BenchOptions } from './config';
import { median, type Report } from './table';

const S = 'sustained';

/**
 * How long one claim of due mail holds the event loop with `backlog` rows pending: SQLite is
 * synchronous, so the time from the claim's start to its result is time no request is served.
 * Claimed rows are then marked sent, as the worker does, so later claims scan past sent mail.
 */
async function claimBlock(backlog: number, claims: number): Promise<{ max: number; median: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-claim-'));
  const storage = await openStorage({ dataDir });
  try {
    await runMigrations(storage, ALL_MIGRATIONS);
    const { db, writes } = storage;
    const outbox = new OutboxStore(db, 'Ledgerline <no-reply@ledgerline.localhost>');
    await writes.run(async (tx) => {
      for (let i = 1; i <= backlog; i++) await outbox.enqueue({ ref: `bench:${i}`, to: `c${i}@example.com`, subject: `Ticket ${i}`, text: 'Body\n' }, tx);
    });
    const times: number[] = [];
    for (let i = 0; i < claims; i++) {
      const rows = await writes.run(async (tx) => {
        const started = performance.now();
        const claimed = await outbox.claimDue(20, 'bench-worker', 60_000, tx);
        times.push(performance.now() - started);
        return claimed;
      });
      await writes.run(async (tx) => {
        for (const row of rows) await outbox.markSent(row.id, tx);
      });
    }
    // The first claim pays for preparing the statement: not what a running worker sees.
    const steady = times.slice(1);
    return { max: Math.max(...steady), median: median(steady) };
  } finally {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function pendingMail(dataDir: string): number {
  const db = new BetterSqlite3(path.join(dataDir, 'platform.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE status = 'pending'`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * Support tickets (two mails each) posted by 50 connections for BENCH_SUSTAINED_SECONDS (the
 * issue's ten minutes: 600), with the production worker delivering to a local SMTP sink: the
 * outbox backlog sampled each second, then the time it takes to drain once the load stops.
 */
async function drain(seconds: number, connections: number, log: (line: string) => void) {
  const sink = await startSmtp({ parse: false });
  const server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error', SMTP_URL: sink.url } });
  const samples: number[] = [];
  try {
    const body = supportRequestSchema.parse({
      name: 'Bench Mark',
      email: 'bench@example.com',
      subject: 'Sustained load ticket',
      message: 'A realistic support message of a couple of sentences. Please ignore, this is a benchmark.',
      priority: 'medium',
      category: 'technical',
      formToken: formTokenFor(server.dataDir),
    });
    log(`  sustained: POST /api/support for ${seconds} s with mail delivered to a local SMTP sink`);
    const sampler = setInterval(() => samples.push(pendingMail(server.dataDir)), 1_000);
    const r = await autocannon({ url: `${server.url}/api/support`, connections, duration: seconds, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    clearInterval(sampler);
    const atEnd = pendingMail(server.dataDir);
    const stopped = performance.now();
    const limitMs = Math.max(60_000, seconds * 2_000);
    let left = atEnd;
    while (left > 0 && performance.now() - stopped < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      left = pendingMail(server.dataDir);
    }
    return { rps: r.requests.average, failures: r.non2xx + r.errors + r.timeouts, peak: Math.max(atEnd, ...samples), atEnd, left, drainS: (performance.now() - stopped) / 1000, limitS: limitMs / 1000 };
  } finally {
    await server.stop();
    await sink.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export async function runSustained(options: BenchOptions, report: Report, log: (line: string) => void): Promise<void> {
  for (const backlog of BUDGETS.claimBacklogs) {
    log(`  sustained: claiming due mail at a backlog of ${backlog.toLocaleString('en-US')}`);
    const t = await claimBlock(backlog, 100);
    report.check(S, `claim of 20 due mails at ${backlog.toLocaleString('en-US')} pending (max of 100)`, `${t.max.toFixed(2)} ms (median ${t.median.toFixed(2)} ms)`, `< ${BUDGETS.claimBlockMs} ms`, t.max < BUDGETS.claimBlockMs);
  }
  const d = await drain(options.sustainedSeconds, options.connections, log);
  report.info(S, `POST /api/support for ${options.sustainedSeconds} s`, `${Math.round(d.rps)} req/s${d.failures ? ` · ${d.failures} failures` : ''}`);
  report.info(S, 'outbox backlog', `peak ${d.peak} · ${d.atEnd} when the load stopped`);
  report.check(S, 'outbox drained after the load', d.left === 0 ? `in ${d.drainS.toFixed(1)} s` : `${d.left} still pending after ${d.limitS} s`, 'drains', d.left === 0);
}
