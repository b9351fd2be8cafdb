import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Camelized } from '../db/rows';
import type { ContactTables } from './table';

/** A message as the services see it: its columns (table.ts), camelCased. */
export type ContactMessage = Camelized<Selectable<ContactTables['contact_messages']>>;

export type NewContactMessage = Omit<ContactMessage, 'id' | 'createdAt'>;

export class ContactStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Stores on `tx`: the caller's transaction, or on its own. */
  async insert(msg: NewContactMessage, tx: Db = this.db): Promise<ContactMessage> {
    const row: ContactMessage = { id: `msg_${randomBytes(8).toString('hex')}`, createdAt: this.now().toISOString(), ...msg };
    await tx
      .insertInto('contact_messages')
      .values({ id: row.id, name: row.name, email: row.email, company: row.company, phone: row.phone, message: row.message, created_at: row.createdAt })
      .execute();
    return row;
  }

  list(limit = 100): Promise<ContactMessage[]> {
    return this.db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'company', 'phone', 'message', 'created_at as createdAt'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
