import { randomBytes } from 'node:crypto';
import type { Db, Migration } from '../db/database';

export const contactMigrations: Migration[] = [
  {
    id: 'contact-001',
    up: async (db) => {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('company', 'text')
        .addColumn('phone', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();
    },
  },
];

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string;
  createdAt: string;
}

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
