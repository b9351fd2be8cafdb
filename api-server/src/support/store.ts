import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import { camelized, type Camelized } from '../db/rows';
import type { SupportTables } from './table';
import type { SupportCategoryId, SupportPriorityId } from '../../../src/data/support';

type TicketColumns = Selectable<SupportTables['support_tickets']>;

/** A ticket as the services see it: its columns (table.ts), camelCased, with the enums typed. */
export type TicketRow = Omit<Camelized<TicketColumns>, 'priority' | 'category'> & { priority: SupportPriorityId; category: SupportCategoryId };

export type NewTicket = Omit<TicketRow, 'id' | 'status'>;

const toTicket = (r: TicketColumns): TicketRow => ({ ...camelized(r), priority: r.priority as SupportPriorityId, category: r.category as SupportCategoryId });

// The two queries of every support post, built once (db/prepared.ts).
const insertTicket = prepared((db, t: NewTicket) =>
  // ON CONFLICT rather than catching the error: on PostgreSQL a failed statement aborts the
  // whole transaction, and the caller wants to draw another id inside the same one.
  db
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
    .returning('id'),
);

const countRecent = prepared((db, p: { email: string; since: string; upTo: number }) =>
  db
    .selectFrom(
      db
        .selectFrom('support_tickets')
        .select('id')
        .where(sql<string>`lower(email)`, '=', sql<string>`lower(${p.email})`)
        .where('created_at', '>=', p.since)
        .limit(p.upTo)
        .as('recent'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/** Reads work on a read-only connection too: the tickets command opens the file that way. */
export class TicketStore {
  constructor(private readonly db: Db) {}

  /** The new row's id, or undefined when the ticket id is already taken (nothing is stored then). */
  async insert(t: NewTicket): Promise<number | undefined> {
    return (await insertTicket.first(this.db, t))?.id;
  }

  async get(ticketId: string): Promise<TicketRow | undefined> {
    const row = await this.db.selectFrom('support_tickets').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
    return row ? toTicket(row) : undefined;
  }

  /** Newest first. */
  async list(limit = 50): Promise<TicketRow[]> {
    return (await this.db.selectFrom('support_tickets').selectAll().orderBy('id', 'desc').limit(limit).execute()).map(toTicket);
  }

  /**
   * Tickets from this address (any letter case) created at or after `sinceIso`, counted up to
   * `upTo`: past that the caller's answer is the same, and one address posting all day must not
   * make every post count all of its tickets (issue 28: 14% of a support post's CPU under load).
   */
  async countByEmailSince(email: string, sinceIso: string, upTo: number): Promise<number> {
    const row = await countRecent.first(this.db, { email, since: sinceIso, upTo });
    return Number(row?.n ?? 0);
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('support_tickets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
