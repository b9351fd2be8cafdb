import { prepared, type Db, type Migration } from '../db/database';
import type { SupportCategoryId, SupportPriorityId } from '../../../src/data/support';

// Enum values are not CHECK-constrained on purpose: the shared zod schema validates them, and a
// shipped migration cannot follow a new priority or category added to src/data/support.ts.
export const supportMigrations: Migration[] = [
  {
    id: 'support-001',
    sql: `CREATE TABLE support_tickets (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      ticket_id TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      subject TEXT NOT NULL,
      message TEXT NOT NULL,
      priority TEXT NOT NULL,
      category TEXT NOT NULL,
      account_id TEXT,
      status TEXT NOT NULL DEFAULT 'open',
      created_at TEXT NOT NULL,
      respond_by TEXT NOT NULL
    );
    CREATE INDEX support_tickets_created ON support_tickets (created_at);`,
  },
  {
    // The daily receipt limit counts an address's recent tickets.
    id: 'support-002',
    sql: `CREATE INDEX support_tickets_email ON support_tickets (lower(email), created_at);`,
  },
];

export interface NewTicket {
  ticketId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: SupportPriorityId;
  category: SupportCategoryId;
  accountId: string | null;
  createdAt: string;
  respondBy: string;
}

export interface TicketRow extends NewTicket {
  id: number;
  status: string;
}

interface RawTicket {
  id: number;
  ticket_id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  priority: SupportPriorityId;
  category: SupportCategoryId;
  account_id: string | null;
  status: string;
  created_at: string;
  respond_by: string;
}

function toTicket(r: RawTicket): TicketRow {
  return {
    id: r.id,
    ticketId: r.ticket_id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    priority: r.priority,
    category: r.category,
    accountId: r.account_id,
    status: r.status,
    createdAt: r.created_at,
    respondBy: r.respond_by,
  };
}

/** SQLite's answer when the UNIQUE ticket_id already exists. */
export function isDuplicateTicketId(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    'code' in err &&
    err.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    String((err as unknown as Error).message).includes('support_tickets.ticket_id')
  );
}

/** Reads work on a read-only connection too: the tickets command opens the file that way. */
export class TicketStore {
  constructor(private readonly db: Db) {}

  insert(t: NewTicket): number {
    const info = prepared(
      this.db,
      `INSERT INTO support_tickets
          (ticket_id, name, email, subject, message, priority, category, account_id, status, created_at, respond_by)
         VALUES (@ticketId, @name, @email, @subject, @message, @priority, @category, @accountId, 'open', @createdAt, @respondBy)`,
    ).run(t);
    return Number(info.lastInsertRowid);
  }

  get(ticketId: string): TicketRow | undefined {
    const row = prepared(this.db, 'SELECT * FROM support_tickets WHERE ticket_id = ?').get(ticketId) as RawTicket | undefined;
    return row ? toTicket(row) : undefined;
  }

  /** Newest first. */
  list(limit = 50): TicketRow[] {
    return (prepared(this.db, 'SELECT * FROM support_tickets ORDER BY id DESC LIMIT ?').all(limit) as RawTicket[]).map(toTicket);
  }

  /** Tickets from this address (any letter case) created at or after `sinceIso`. */
  countByEmailSince(email: string, sinceIso: string): number {
    return (
      prepared(this.db, 'SELECT COUNT(*) AS n FROM support_tickets WHERE lower(email) = lower(?) AND created_at >= ?').get(email, sinceIso) as {
        n: number;
      }
    ).n;
  }

  count(): number {
    return (prepared(this.db, 'SELECT COUNT(*) AS n FROM support_tickets').get() as { n: number }).n;
  }
}
