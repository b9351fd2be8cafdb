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
 * Claims before the measured ones. Traced with --trace-opt: V8 compiles the claim's code to
 * machine code during the first hundred claims of a process (toRow at about the 94th, a 3 ms
 * compile on a 2-core machine that also stalls the loop). Once per process, not per claim.
 */
const WARM_UP_CLAIMS = 200;
const SETTLE_MS = 2_000;

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
    const batch = 20;
    // The warm-up's rows come on top, so the measured claims see `backlog` pending.
    const rows = backlog + WARM_UP_CLAIMS * batch;
    await writes.run(async (tx) => {
      for (let i = 1; i <= rows; i++) await outbox.enqueue({ ref: `bench:${i}`, to: `c${i}@example.com`, subject: `Ticket ${i}`, text: 'Body\n' }, tx);
    });
    // Let the checkpoint thread copy the backlog's inserts (megabytes of log) first: the claims
    // are measured on a settled database, as a running worker meets it, not beside that copy.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const times: number[] = [];
    for (let i = 0; i < WARM_UP_CLAIMS + claims; i++) {
      const claimed = await writes.run(async (tx) => {
        const started = performance.now();
        const claimed = await outbox.claimDue(batch, 'bench-worker', 60_000, tx);
        if (i >= WARM_UP_CLAIMS) times.push(performance.now() - started);
        return claimed;
      });
      await writes.run(async (tx) => {
        for (const row of claimed) await outbox.markSent(row.id, tx);
      });
    }
    return { max: Math.max(...times), median: median(times) };
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
 * Support tickets posted by 50 connections for `seconds`, with the production worker delivering
 * to a local SMTP sink: the outbox backlog sampled each second, then the time it takes to drain
 * once the load stops. `rate` caps the posts per second (autocannon's overallRate); without it
 * the connections post flat out, the load under which the worker steps aside for requests.
 */
async function drain(seconds: number, connections: number, log: (line: string) => void, rate?: number) {
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
    log(`  sustained: POST /api/support for ${seconds} s${rate ? ` at ${rate} posts/s` : ' flat out'} with mail delivered to a local SMTP sink`);
    const sampler = setInterval(() => samples.push(pendingMail(server.dataDir)), 1_000);
    const r = await autocannon({ url: `${server.url}/api/support`, connections, duration: seconds, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...(rate ? { overallRate: rate } : {}) });
    clearInterval(sampler);
    const atEnd = pendingMail(server.dataDir);
    const stopped = performance.now();
    // Flat out, posts arrive several times faster than one worker delivers to the sink (~1,250
    // mails/s here; 7,000 posts/s since issue 28's eleventh pass), so the backlog takes a
    // multiple of the load's length to drain: five times that, or what the backlog needs at
    // BUDGETS.drainMailsPerSecond, whichever is longer.
    const limitMs = Math.max(60_000, seconds * 5_000, (atEnd / BUDGETS.drainMailsPerSecond) * 1_000);
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
  // Steady traffic the server carries: the backlog must stay bounded while it lasts.
  const steady = await drain(options.sustainedSeconds, options.connections, log, options.sustainedRate);
  const label = `${options.sustainedRate} posts/s`;
  report.info(S, `POST /api/support at ${label} for ${options.sustainedSeconds} s`, `${Math.round(steady.rps)} req/s${steady.failures ? ` · ${steady.failures} failures` : ''}`);
  // Keeping pace: the backlog stays within a few seconds of posts however long the load lasts
  // (a worker falling behind grows it by the shortfall every second, without limit).
  const bound = options.sustainedRate * BUDGETS.steadyBacklogSeconds;
  report.check(S, `outbox backlog at ${label}`, `peak ${steady.peak} · ${steady.atEnd} when the load stopped`, `< ${bound} (${BUDGETS.steadyBacklogSeconds} s of posts)`, steady.peak < bound);
  report.check(S, `outbox drained after ${label}`, steady.left === 0 ? `in ${steady.drainS.toFixed(1)} s` : `${steady.left} still pending after ${steady.limitS} s`, 'drains', steady.left === 0);
  // Flat out: requests first, the backlog grows, and is delivered once the load stops.
  const d = await drain(BUDGETS.burstSeconds, options.connections, log);
  report.info(S, `POST /api/support flat out for ${BUDGETS.burstSeconds} s`, `${Math.round(d.rps)} req/s${d.failures ? ` · ${d.failures} failures` : ''}`);
  report.info(S, 'outbox backlog flat out', `peak ${d.peak} · ${d.atEnd} when the load stopped`);
  report.check(
    S,
    'outbox drained after the flat-out load',
    d.left === 0 ? `in ${d.drainS.toFixed(1)} s (${Math.round(d.atEnd / d.drainS)} mails/s)` : `${d.left} still pending after ${d.limitS.toFixed(0)} s`,
    `drains at ≥ ${BUDGETS.drainMailsPerSecond} mails/s`,
    d.left === 0,
  );
}
