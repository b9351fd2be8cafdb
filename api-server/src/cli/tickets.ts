/**
 * Support team's view of the database: tickets and the mail outbox, so nothing can
 * silently disappear. Read-only except `requeue`, which only flips dead rows back to pending:
 * safe to run beside the live server, whose worker picks them up within a second.
 *
 *   npm run tickets -- list [--limit N]
 *   npm run tickets -- show SUP-7K3M9Q
 *   npm run tickets -- outbox [--status pending|sent|dead] [--limit N]
 *   npm run tickets -- dead [--limit N]
 *   npm run tickets -- requeue <outbox-id...|--all-dead>
 *
 * DATABASE_URL selects PostgreSQL, as for the server; otherwise DATA_DIR (or --data-dir) selects
 * the data directory of the SQLite file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Selectable } from 'kysely';
import { openSqlite, type Db } from '../db/database';
import { openPostgres } from '../db/postgres';
import type { Schema } from '../db/schema';
import { OutboxStore, type OutboxStatus } from '../mail/outbox';
import { TicketStore, type TicketRow } from '../support/store';
import { ticketRef } from '../support/emails';
import { ENV_VARS } from '../../../src/data/operations';

export const USAGE = `Usage: npm run tickets -- <command> [options]

Commands:
  list [--limit N]                              newest tickets with their mail state
  show <ticket-id>                              one ticket, its message and its emails
  outbox [--status pending|sent|dead] [--limit N]  queued mail (all features)
  dead [--limit N]                              mail that was refused or given up, with the reason
  requeue <outbox-id...|--all-dead>             send dead mail again (the running server picks it up)

Options:
  --data-dir DIR   data directory (default: $DATA_DIR or ./data; unused with $DATABASE_URL)`;

const STATUSES: readonly OutboxStatus[] = ['pending', 'sent', 'dead'];

type MailRow = Selectable<Schema['outbox']>;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Flags that take no value. */
const SWITCHES = new Set(['all-dead', 'help']);

function parseArgs(argv: readonly string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (SWITCHES.has(a.slice(2))) flags.set(a.slice(2), '');
    else if (a.startsWith('--')) {
      const [k, inline] = a.slice(2).split('=', 2);
      flags.set(k!, inline ?? argv[++i] ?? '');
    } else positional.push(a);
  }
  return { positional, flags };
}

function mailState(mails: MailRow[]): string {
  if (mails.length === 0) return 'NO MAIL';
  return STATUSES.map((s) => [s, mails.filter((m) => m.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(', ');
}

function mailLine(m: MailRow): string {
  const when = m.status === 'sent' ? `sent ${m.sent_at}` : `attempts ${m.attempts}`;
  const error = m.status !== 'sent' && m.last_error ? `  last error: ${m.last_error}` : '';
  return `  #${m.id} ${m.status.toUpperCase().padEnd(7)} ${m.to_addr}  "${m.subject}"  (${when})${error}`;
}

/** Mails queued before outbox-006 are a few milliseconds younger than their ticket. */
const OLDER_MAILS_WITHIN_MS = 60_000;

/**
 * A ticket's mails, oldest first: queued with it, they carry its creation time, so the index on
 * created_at finds them (mail/table.ts, outbox-006). Mail queued by an older version is looked
 * for in the minute after the ticket.
 */
export async function ticketMails(db: Db, t: Pick<TicketRow, 'ticketId' | 'createdAt'>): Promise<MailRow[]> {
  const mails = await ticketMailsQuery(db, t).execute();
  return mails.length > 0 ? mails : ticketMailsQuery(db, t, new Date(Date.parse(t.createdAt) + OLDER_MAILS_WITHIN_MS).toISOString()).execute();
}

/** The mails of ticket `t` queued from its creation until `until` (tests EXPLAIN it). */
export function ticketMailsQuery(db: Db, t: Pick<TicketRow, 'ticketId' | 'createdAt'>, until = t.createdAt) {
  return db.selectFrom('outbox').selectAll().where('created_at', '>=', t.createdAt).where('created_at', '<=', until).where('ref', '=', ticketRef(t.ticketId)).orderBy('id');
}

function ticketLine(t: TicketRow, mails: MailRow[]): string {
  return `${t.ticketId}  ${t.createdAt}  ${t.priority.padEnd(6)} ${t.category.padEnd(9)} ${t.status.padEnd(6)} ${t.email}  "${t.subject}"  mail: ${mailState(mails)}`;
}

/** The server's database, as the environment names it; a message instead when there is none. */
function open(env: NodeJS.ProcessEnv, dataDirFlag: string | undefined, writable: boolean): { db: Db; where: string } | string {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    const { db } = openPostgres(url, () => undefined, 1);
    return { db, where: new URL(url).pathname.slice(1) || 'PostgreSQL' };
  }
  const dataDir = path.resolve(dataDirFlag || env.DATA_DIR?.trim() || ENV_VARS.DATA_DIR.default);
  const file = path.join(dataDir, 'platform.db');
  if (!fs.existsSync(file)) return `No database at ${file}. Set DATA_DIR to the server's data directory.`;
  return { db: openSqlite(dataDir, { readonly: !writable }).db, where: file };
}

/** Runs one command; returns the exit code (0 ok, 1 not found, 2 usage, 3 no database). */
export async function runTicketsCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  const [command, arg] = positional;
  if (!command || command === 'help' || flags.has('help')) {
    (command ? io.out : io.err)(USAGE);
    return command ? 0 : 2;
  }
  const limit = Number(flags.get('limit') ?? 50);
  if (!Number.isInteger(limit) || limit < 1) {
    io.err('--limit must be a positive integer');
    return 2;
  }
  const opened = open(env, flags.get('data-dir'), command === 'requeue');
  if (typeof opened === 'string') {
    io.err(opened);
    return 3;
  }
  const { db, where: file } = opened;
  if (command === 'requeue') {
    try {
      return await requeue(db, positional.slice(1), flags.has('all-dead'), io);
    } finally {
      await db.destroy();
    }
  }
  try {
    const tickets = new TicketStore(db);
    const mails = (t: TicketRow) => ticketMails(db, t);
    const c = await new OutboxStore(db, '').counts();
    const summary = `Outbox: ${c.pending} pending, ${c.sent} sent, ${c.dead} dead`;

    if (command === 'list') {
      const rows = await tickets.list(limit);
      io.out(`${await tickets.count()} ticket(s) in ${file}; ${summary}`);
      if (c.dead > 0) io.out(`WARNING: ${c.dead} dead message(s): run "dead" to see them, "requeue <id>" to send again.`);
      for (const t of rows) io.out(ticketLine(t, await mails(t)));
      return 0;
    }
    if (command === 'show') {
      const t = arg ? await tickets.get(arg.trim().toUpperCase()) : undefined;
      if (!t) {
        io.err(arg ? `No ticket ${arg}` : 'show needs a ticket id, e.g. show SUP-7K3M9Q');
        return arg ? 1 : 2;
      }
      io.out(`Ticket ${t.ticketId} (${t.status})`);
      io.out(`  From:       ${t.name} <${t.email}>`);
      io.out(`  Priority:   ${t.priority}   Category: ${t.category}`);
      if (t.accountId) io.out(`  Account ID: ${t.accountId}`);
      io.out(`  Created:    ${t.createdAt}`);
      io.out(`  Respond by: ${t.respondBy}`);
      io.out(`  Subject:    ${t.subject}`);
      io.out('');
      for (const line of t.message.split('\n')) io.out(`  | ${line}`);
      io.out('');
      const m = await mails(t);
      io.out(`Emails (${mailState(m)}):`);
      for (const row of m) io.out(mailLine(row));
      return 0;
    }
    if (command === 'outbox') {
      const status = flags.get('status');
      if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
        io.err(`--status must be one of ${STATUSES.join(', ')}`);
        return 2;
      }
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .$if(status !== undefined, (qb) => qb.where('status', '=', status as OutboxStatus))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      io.out(summary);
      for (const row of rows) io.out(`${mailLine(row).trimStart()}  ref ${row.ref}  created ${row.created_at}`);
      return 0;
    }
    if (command === 'dead') {
      const rows = await db.selectFrom('outbox').selectAll().where('status', '=', 'dead').orderBy('id', 'desc').limit(limit).execute();
      io.out(`${c.dead} dead message(s)${c.dead > 0 ? '; send again with: npm run tickets -- requeue <id> (or --all-dead)' : ''}`);
      for (const row of rows) io.out(`${mailLine(row).trimStart()}  ref ${row.ref}  created ${row.created_at}`);
      return 0;
    }
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  } finally {
    await db.destroy();
  }
}

async function requeue(db: Db, args: readonly string[], allDead: boolean, io: Io): Promise<number> {
  const ids = args.map(Number);
  if (allDead === (args.length > 0) || ids.some((id) => !Number.isInteger(id) || id < 1)) {
    io.err('requeue needs outbox ids (see "dead") or --all-dead, e.g. requeue 12 15');
    return 2;
  }
  // The server may be writing: openSqlite waits for its lock (busy_timeout) instead of failing.
  const done = await new OutboxStore(db, '').requeueDead(allDead ? 'all-dead' : ids);
  const skipped = ids.filter((id) => !done.includes(id));
  io.out(`Re-queued ${done.length} message(s)${done.length ? `: ${done.map((id) => `#${id}`).join(', ')}` : ''}`);
  if (skipped.length > 0) io.err(`Not dead (or no such message), left alone: ${skipped.map((id) => `#${id}`).join(', ')}`);
  return skipped.length > 0 && done.length === 0 ? 1 : 0;
}

// Run only when executed directly, so tests can import runTicketsCli.
if (require.main === module) {
  void runTicketsCli(process.argv.slice(2), process.env, {
    out: (l) => console.log(l),
    err: (l) => console.error(l),
  }).then((code) => {
    process.exitCode = code;
  });
}
