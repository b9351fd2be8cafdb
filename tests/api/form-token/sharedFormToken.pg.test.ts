import request from 'supertest';
import { MIN_FILL_MS } from '../../../src/schemas/common';
import { createTestApp, type TestApp } from '../_lib/testApp';

// On SQLite instances share the file, hence the folder; on PostgreSQL each has a DATA_DIR of its own.
describe('form tokens across instances on one PostgreSQL', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close();
  });

  it('a form token issued by one instance is accepted by another with its own DATA_DIR: the key is in the database', async () => {
    const first = await createTestApp();
    apps.push(first);
    const other = await createTestApp({}, {}, undefined, { databaseUrl: first.databaseUrl });
    apps.push(other);
    expect(other.dataDir).not.toBe(first.dataDir);
    const { token } = (await request(first.app).get('/api/form-token')).body as { token: string };
    other.clock.now = new Date(other.clock.now.getTime() + MIN_FILL_MS + 1_000);
    const ticket = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Webhooks', message: 'Help', priority: 'low', category: 'general' };
    const res = await request(other.app).post('/api/support').send({ ...ticket, formToken: token });
    expect(res.status).toBe(201);
    const stored = await other.db.selectFrom('support_tickets').select('ticket_id').execute();
    expect(stored.map((r) => r.ticket_id)).toEqual([res.body.ticketId]);
  });
});
