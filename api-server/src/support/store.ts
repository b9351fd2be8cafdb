import { sql, type Selectable } from 'kysely';
import { type Db, type Migration } from '../db/database';
import type { Schema } from '../db/schema';
import type { SupportCategoryId, SupportPriorityId } from '../../../src/data/support';
import { autoId } from '../db/migrations';

// Enum values are not CHECK-constrained on purpose: the shared zod schema validates them, and a
// shipped migration cannot follow a new priority or category added to src/data/support.ts.
export const supportMigrations: Migration[] = [
  {
    id: 'support-001',
    up: async (db, engine) => {
      await db.schema
        .createTable('support_tickets')
        .addColumn('id', autoId(engine), (c) => (engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('ticket_id', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('respond_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_tickets_created').on('support_tickets').column('created_at').execute();
    },
  },
  {
    // The daily receipt limit counts an address's recent tickets.
    id: 'support-002',
    up: async (db) => {
      await db.schema.createIndex('support_tickets_email').on('support_tickets').expression(sql`lower(email), created_at`).execute();
    },
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

function toTicket(r: Selectable<Schema['support_tickets']>): TicketRow {
  return {
    id: r.id,
    ticketId: r.ticket_id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    priority: r.priority as SupportPriorityId,
    category: r.category as SupportCategoryId,
    accountId: r.account_id,
    status: r.status,
    createdAt: r.created_at,
    respondBy: r.respond_by,
  };
}

/** Reads work on a read-only connection too: the tickets command opens the file that way. */
export class TicketStore {
  constructor(private readonly db: Db) {}

  /** The new row's id, or undefined when the ticket id is already taken (nothing is stored then). */
  async insert(t: NewTicket): Promise<number | undefined> {
    // ON CONFLICT rather than catching the error: on PostgreSQL a failed statement aborts the
    // whole transaction, and the caller wants to draw another id inside the same one.
    const row = await this.db
      .insertInto('support_tickets')
      .values({
        ticket_id: t.ticketId,
        name: t.name,
        email: t.email,
        subject: t.subject,
        message: t.message,
        priority: t.priority,
        category: t.category,
        account_id: t.accountId,
        status: 'open',
        created_at: t.createdAt,
        respond_by: t.respondBy,
      })
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async get(ticketId: string): Promise<TicketRow | undefined> {
    const row = await this.db.selectFrom('support_tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
    return row ? toTicket(row) : undefined;
  }

  /** Newest first. */
  async list(limit = 50): Promise<TicketRow[]> {
    return (await this.db.selectFrom('support_tickets').selectAll().orderBy('id', 'desc').limit(limit).execute()).map(toTicket);
  }

  /** Tickets from this address (any letter case) created at or after `sinceIso`. */
  async countByEmailSince(email: string, sinceIso: string): Promise<number> {
    const row = await this.db
      .selectFrom('support_tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
      .where('created_at', '>=', sinceIso)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('support_tickets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
