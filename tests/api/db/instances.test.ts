import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { LEGACY_FORM_TOKEN_KEY_FILE } from '../../../api-server/src/form-token/store';
import { FormTokens } from '../../../api-server/src/form-token/tokens';
import { MIN_FILL_MS } from '../../../src/schemas/common';
import { basicAuthHeader, createTestApp, testDatabaseUrl, type TestApp } from '../_lib/testApp';
import { completeConfig } from '../white-label/_fixtures';

/**
 * Several app instances on one database (their own connections or pools), as several server
 * processes behind a load balancer would be.
 */
describe('several instances on one database', () => {
  let apps: TestApp[];
  beforeEach(async () => {
    const first = await createTestApp();
    apps = [first];
    for (let i = 1; i < 3; i++) apps.push(await createTestApp({}, {}, undefined, { dataDir: first.dataDir, databaseUrl: first.databaseUrl }));
  });
  afterEach(async () => {
    for (const t of apps.reverse()) await t.close();
  });

  it('white-label saves arriving together on different instances get consecutive versions, none lost or doubled', async () => {
    const saves = Array.from({ length: 12 }, (_, i) =>
      request(apps[i % apps.length]!.app)
        .post('/api/white-label/config')
        .set('Authorization', basicAuthHeader())
        .send(completeConfig({ companyName: `Acme Bank ${i}` })),
    );
    const answers = await Promise.all(saves);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const versions = answers.map((a) => a.body.meta.version as number).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const stored = await apps[0]!.db.selectFrom('white_label_configs').select(['version', 'data']).orderBy('version').execute();
    expect(stored.map((r) => r.version)).toEqual(versions);
    expect(new Set(stored.map((r) => r.data)).size).toBe(12);
  });

  it('an Idempotency-Key answered by one instance is replayed by another, with no second order', async () => {
    const body = { planId: 'business', customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' };
    const first = await request(apps[0]!.app).post('/api/checkout').set('Idempotency-Key', 'across-instances').send(body);
    expect(first.status).toBe(200);
    const replay = await request(apps[1]!.app).post('/api/checkout').set('Idempotency-Key', 'across-instances').send(body);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const mismatch = await request(apps[2]!.app).post('/api/checkout').set('Idempotency-Key', 'across-instances').send({ ...body, planId: 'starter' });
    expect(mismatch.status).toBe(400);
    expect(await apps[2]!.db.selectFrom('checkout_orders').select('id').execute()).toHaveLength(1);
  });
});

const ticket = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Webhooks', message: 'Help', priority: 'low', category: 'general' };

describe('form-token key of an install that kept it in DATA_DIR', () => {
  it('is moved into the database at start, so forms opened before the upgrade still post', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-key-'));
    const key = randomBytes(32);
    fs.writeFileSync(path.join(dataDir, LEGACY_FORM_TOKEN_KEY_FILE), key.toString('hex'));
    const t = await createTestApp({}, {}, undefined, { dataDir, databaseUrl: await testDatabaseUrl() });
    try {
      const formToken = new FormTokens(key).issue(t.clock.now.getTime() - MIN_FILL_MS - 1_000);
      const res = await request(t.app).post('/api/support').send({ ...ticket, formToken });
      expect(res.status).toBe(201);
      expect(await t.db.selectFrom('support_tickets').select('ticket_id').execute()).toEqual([{ ticket_id: res.body.ticketId }]);
      const forged = new FormTokens(randomBytes(32)).issue(t.clock.now.getTime() - MIN_FILL_MS - 1_000);
      expect((await request(t.app).post('/api/support').send({ ...ticket, formToken: forged })).status).toBe(400);
    } finally {
      await t.close();
    }
  });
});
