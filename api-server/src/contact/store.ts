import { randomBytes } from 'node:crypto';
import { prepared, type Db, type Migration } from '../db/database';

export const contactMigrations: Migration[] = [
  {
    id: 'contact-001',
    sql: `CREATE TABLE contact_messages (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      company TEXT,
      phone TEXT,
      message TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE INDEX contact_messages_created ON contact_messages (created_at);`,
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

  insert(msg: NewContactMessage): ContactMessage {
    const row: ContactMessage = { id: `msg_${randomBytes(8).toString('hex')}`, createdAt: this.now().toISOString(), ...msg };
    prepared(this.db, 'INSERT INTO contact_messages (id, name, email, company, phone, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(row.id, row.name, row.email, row.company, row.phone, row.message, row.createdAt);
    return row;
  }

  list(limit = 100): ContactMessage[] {
    return (
      prepared(this.db, 'SELECT id, name, email, company, phone, message, created_at AS createdAt FROM contact_messages ORDER BY created_at DESC, id LIMIT ?').all(limit) as ContactMessage[]
    );
  }
}
