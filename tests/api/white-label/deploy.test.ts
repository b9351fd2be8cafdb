import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { DEMO_ORGANIZATION_ID, WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';
import { deployConfig, saveConfig, type WhiteLabelDeps } from '../../../api-server/src/white-label/service';
import { whiteLabelConfigSchema } from '@site/src/schemas/whiteLabel';
import { basicAuthHeader, createTestApp, type TestApp } from '../_lib/testApp';
import { completeConfig } from './_fixtures';

describe('POST /api/white-label/deploy', () => {
  let t: TestApp;
  const save = (body: unknown) => request(t.app).post('/api/white-label/config').set('Authorization', basicAuthHeader()).send(body as object);
  const deploy = (body: unknown) => request(t.app).post('/api/white-label/deploy').set('Authorization', basicAuthHeader()).send(body as object);
  const deployments = () =>
    t.db
      .selectFrom('white_label_deployments as d')
      .innerJoin('white_label_configs as c', 'c.id', 'd.config_id')
      .select(['d.config_id', 'd.domain', 'd.created_by', 'd.created_at'])
      .orderBy('d.created_at')
      .orderBy('c.version')
      .execute();

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('requires a configId', async () => {
    for (const body of [{}, { configId: '' }, { configId: 7 }]) {
      const res = await deploy(body);
      expect(res.status).toBe(400);
      expect(res.body.fields.configId).toBe('configId is required');
    }
    const extra = await deploy({ configId: 'wlc_x', domain: 'a.example' });
    expect(extra.status).toBe(400);
  });

  it('refuses an id that was never saved with 400', async () => {
    const res = await deploy({ configId: 'wlc_unknown' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Configuration wlc_unknown does not exist. Save the configuration before deploying.');
    expect(await deployments()).toEqual([]);
  });

  it('refuses an incomplete configuration with 400 naming what is missing', async () => {
    const saved = await save({ ...WHITE_LABEL_DEFAULTS, logoUrl: 'https://cdn.example/logo.png' });
    const res = await deploy({ configId: saved.body.config.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The configuration is not complete: A domain is required before deploying; A favicon URL is required before deploying.');
    expect(res.body.fields).toEqual({ domain: 'A domain is required before deploying', faviconUrl: 'A favicon URL is required before deploying' });
    expect(await deployments()).toEqual([]);
  });

  it('deploys a complete configuration, records who and when, and marks it active', async () => {
    const saved = await save(completeConfig());
    t.clock.now = new Date('2026-01-16T09:30:00Z');
    const res = await deploy({ configId: saved.body.config.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      alreadyActive: false,
      config: { id: saved.body.config.id, isActive: true },
      deployment: { configId: saved.body.config.id, version: 1, domain: 'banking.acme.example', deployedAt: '2026-01-16T09:30:00.000Z', deployedBy: 'admin' },
    });
    expect(await deployments()).toEqual([{ config_id: saved.body.config.id, domain: 'banking.acme.example', created_by: 'admin', created_at: '2026-01-16T09:30:00.000Z' }]);
    const loaded = await request(t.app).get('/api/white-label/config').set('Authorization', basicAuthHeader());
    expect(loaded.body.config.isActive).toBe(true);
    expect(loaded.body.meta.lastDeployment).toMatchObject({ id: res.body.deployment.id, deployedBy: 'admin' });
  });

  it('is idempotent: deploying the active configuration again records nothing new', async () => {
    const saved = await save(completeConfig());
    await deploy({ configId: saved.body.config.id });
    const again = await deploy({ configId: saved.body.config.id });
    expect(again.status).toBe(200);
    expect(again.body.alreadyActive).toBe(true);
    expect(await deployments()).toHaveLength(1);
  });

  it('a new save is not live until deployed; deploying it retires the previous version', async () => {
    const v1 = await save(completeConfig());
    await deploy({ configId: v1.body.config.id });
    const v2 = await save(completeConfig({ primaryColor: '#123456' }));
    expect(v2.body.config.isActive).toBe(false);
    expect(v2.body.meta.lastDeployment.configId).toBe(v1.body.config.id);

    const stale = await deploy({ configId: v1.body.config.id });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/version 2 is current/);

    const res = await deploy({ configId: v2.body.config.id });
    expect(res.status).toBe(201);
    const active = await t.db.selectFrom('white_label_configs').select('version').where('is_active', '=', 1).execute();
    expect(active).toEqual([{ version: 2 }]);
    expect(await deployments()).toHaveLength(2);
  });
});

describe('white-label service log lines', () => {
  it('logs who saved and deployed, and when', async () => {
    const t = await createTestApp();
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const deps: WhiteLabelDeps = { db: t.db, organizationId: DEMO_ORGANIZATION_ID, now: () => new Date('2026-02-01T12:00:00Z'), logger: pino({ level: 'info' }, sink) };
    const saved = await saveConfig(deps, whiteLabelConfigSchema.parse(completeConfig()), 'alice');
    await deployConfig(deps, saved.config.id!, 'bob');
    expect(lines.map((l) => [l.event, l.user, l.at, l.configId])).toEqual([
      ['white-label.config.saved', 'alice', '2026-02-01T12:00:00.000Z', saved.config.id],
      ['white-label.deployed', 'bob', '2026-02-01T12:00:00.000Z', saved.config.id],
    ]);
    await t.close();
  });
});
