import { randomId } from '../random';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { Camelized } from '../db/rows';
import type { ContactTables } from './table';

/** A message as the services see it: its columns (table.ts), camelCased. */
export type ContactMessage = Camelized<Selectable<ContactTables['contact_messages']>>;

export type NewContactMessage = Omit<ContactMessage, 'id' | 'createdAt'>;

// Every contact post stores one: built once (db/prepared.ts).
const insertMessage = prepared((db, m: ContactMessage) =>
  db
    .insertInto('contact_messages')
    .values({ id: m.id, name: m.name, email: m.email, company: m.company, phone: m.phone, message: m.message, created_at: m.createdAt }),
);

export class ContactStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Stores on `tx`: the caller's transaction, or on its own. */
  async insert(msg: NewContactMessage, tx: Db = this.db): Promise<ContactMessage> {
    const row: ContactMessage = { id: `msg_${randomId(8)}`, createdAt: this.now().toISOString(), ...msg };
    await insertMessage.execute(tx, row);
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
