import request from 'supertest';
import { WHITE_LABEL_DEFAULTS, DEMO_ORGANIZATION_ID } from '@site/src/data/whiteLabel';
import { basicAuthHeader, createTestApp, TEST_ADMIN, type TestApp } from '../_lib/testApp';
import { completeConfig } from './_fixtures';

describe('GET/POST /api/white-label/config', () => {
  let t: TestApp;
  const configCount = async () => ({ n: (await t.db.selectFrom('white_label_configs').select('id').execute()).length });
  const auth = () => basicAuthHeader();
  const save = (body: unknown) => request(t.app).post('/api/white-label/config').set('Authorization', auth()).send(body as object);
  const load = () => request(t.app).get('/api/white-label/config').set('Authorization', auth());

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('refuses every route without admin credentials', async () => {
    for (const res of [
      await request(t.app).get('/api/white-label/config'),
      await request(t.app).get('/api/white-label/config/history'),
      await request(t.app).post('/api/white-label/config').send(completeConfig()),
      await request(t.app).post('/api/white-label/deploy').send({ configId: 'x' }),
      await request(t.app).get('/api/white-label/config').set('Authorization', basicAuthHeader(TEST_ADMIN.user, 'wrong')),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Authentication required' });
    }
    expect(await configCount()).toEqual({ n: 0 });
  });

  it('answers config null before the first save', async () => {
    const res = await load();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, config: null, meta: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('saves the defaults as sent by a fresh page, and answers the saved configuration with its id', async () => {
    const res = await save({ ...WHITE_LABEL_DEFAULTS });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.config).toEqual({ ...WHITE_LABEL_DEFAULTS, id: expect.stringMatching(/^wlc_[0-9a-f]{32}$/), isActive: false });
    expect(res.body.meta).toEqual({ version: 1, savedAt: '2026-01-15T10:00:00.000Z', savedBy: TEST_ADMIN.user, lastDeployment: null });
    const again = await load();
    expect(again.body.config).toEqual(res.body.config);
  });

  it('normalises case of colors and domain, and trims text', async () => {
    const res = await save(completeConfig({ primaryColor: '#AABBCC', domain: 'Banking.Acme.EXAMPLE', companyName: '  Acme Bank  ' }));
    expect(res.status).toBe(201);
    expect(res.body.config).toMatchObject({ primaryColor: '#aabbcc', domain: 'banking.acme.example', companyName: 'Acme Bank' });
  });

  it('keeps every version and points at the newest', async () => {
    t.clock.now = new Date('2026-01-15T10:00:00Z');
    const v1 = await save(completeConfig({ companyName: 'First Name' }));
    t.clock.now = new Date('2026-01-15T11:00:00Z');
    const v2 = await save(completeConfig({ companyName: 'Second Name' }));
    expect(v2.status).toBe(201);
    expect(v2.body.config.id).not.toBe(v1.body.config.id);
    expect(v2.body.meta).toMatchObject({ version: 2, savedAt: '2026-01-15T11:00:00.000Z' });
    expect((await load()).body.config.companyName).toBe('Second Name');

    const rows = await t.db.selectFrom('white_label_configs').select(['id', 'version', 'created_by', 'created_at']).orderBy('version').execute();
    expect(rows).toEqual([
      { id: v1.body.config.id, version: 1, created_by: 'admin', created_at: '2026-01-15T10:00:00.000Z' },
      { id: v2.body.config.id, version: 2, created_by: 'admin', created_at: '2026-01-15T11:00:00.000Z' },
    ]);
    const history = await request(t.app).get('/api/white-label/config/history').set('Authorization', auth());
    expect(history.body.versions.map((v: { version: number; companyName: string }) => [v.version, v.companyName])).toEqual([
      [2, 'Second Name'],
      [1, 'First Name'],
    ]);
  });

  it('lists each version with its full fields, and re-saving an old one restores it as the newest version', async () => {
    await save(completeConfig({ companyName: 'First Name', primaryColor: '#1d4ed8' }));
    await save(completeConfig({ companyName: 'Second Name' }));
    const history = await request(t.app).get('/api/white-label/config/history').set('Authorization', auth());
    const old = history.body.versions.find((v: { version: number }) => v.version === 1);
    const { id: _id, isActive: _active, ...expected } = completeConfig({ companyName: 'First Name', primaryColor: '#1d4ed8' });
    expect(old.fields).toEqual(expected);
    const restored = await save({ ...old.fields });
    expect(restored.status).toBe(201);
    expect(restored.body.meta.version).toBe(3);
    expect((await load()).body.config).toMatchObject({ companyName: 'First Name', primaryColor: '#1d4ed8' });
  });

  it('stores no new version when nothing changed, whatever id and isActive the client sends', async () => {
    const first = await save(completeConfig());
    const repeat = await save({ ...completeConfig(), id: first.body.config.id, isActive: true });
    expect(repeat.status).toBe(200);
    expect(repeat.body.unchanged).toBe(true);
    expect(repeat.body.config).toEqual(first.body.config);
    expect(repeat.body.config.isActive).toBe(false);
    expect(await configCount()).toEqual({ n: 1 });
  });

  it('refuses another organization with 403', async () => {
    const res = await save(completeConfig({ organizationId: 'org_someone_else' }));
    expect(res.status).toBe(403);
    expect(res.body.error).toContain(DEMO_ORGANIZATION_ID);
    expect(res.body.fields).toEqual({ organizationId: 'Organization ID does not match your organization' });
  });

  // Each row: a field, a bad value, and the message the form shows beside that field.
  const invalid: [string, unknown, string][] = [
    ['companyName', '', 'Company name is required'],
    ['companyName', '   ', 'Company name is required'],
    ['companyName', 'x'.repeat(121), 'Company name must be at most 120 characters'],
    ['companyName', 'Acme\nBank', 'Company name contains characters that are not allowed'],
    ['companyName', 42, 'Company name is required'],
    ['domain', 'https://banking.acme.example', 'Domain must be a domain name like banking.example.com'],
    ['domain', 'localhost', 'Domain must be a domain name like banking.example.com'],
    ['domain', '-bad-.example.com', 'Domain must be a domain name like banking.example.com'],
    ['domain', `${'a'.repeat(250)}.com`, 'Domain must be at most 253 characters'],
    ['logoUrl', 'http://cdn.acme.example/logo.png', 'Logo URL must be an https:// URL'],
    ['logoUrl', 'javascript:alert(1)', 'Logo URL must be an https:// URL'],
    ['logoUrl', `https://cdn.example/${'a'.repeat(2048)}`, 'Logo URL must be at most 2048 characters'],
    ['faviconUrl', 'data:image/png;base64,AAAA', 'Favicon URL must be an https:// URL'],
    ['faviconUrl', 'https://has space.example/x.ico', 'Favicon URL must be an https:// URL'],
    ['primaryColor', 'purple', 'Primary color must be a hex color like #8080ff'],
    ['primaryColor', '#abc', 'Primary color must be a hex color like #8080ff'],
    ['secondaryColor', '#12345g', 'Secondary color must be a hex color like #8080ff'],
    ['accentColor', 'red; background:url(x)', 'Accent color must be a hex color like #8080ff'],
    ['accentColor', undefined, 'Accent color is required'],
    ['backgroundGradient', 'from-pink-500 to-pink-900', 'Please choose one of the background themes'],
    ['fontFamily', 'Comic Sans MS', 'Please choose one of the fonts'],
    ['emailFromName', 'a'.repeat(101), 'Email from name must be at most 100 characters'],
    ['emailFromName', 'Acme\r\nBcc: x@evil.example', 'Email from name contains characters that are not allowed'],
    ['contactEmail', 'not-an-email', 'Please enter a valid email address'],
    ['contactEmail', `${'a'.repeat(250)}@x.io`, 'Contact email must be at most 254 characters'],
    ['contactPhone', 'call me', 'Please enter a valid phone number'],
    ['contactPhone', '1'.repeat(41), 'Contact phone must be at most 40 characters'],
    ['organizationId', 'org demo', 'Organization ID is not valid'],
    ['organizationId', '', 'Organization ID is required'],
    ['isActive', 'yes', 'isActive must be true or false'],
    ['id', 'x'.repeat(65), 'id must be at most 64 characters'],
  ];
  it.each(invalid)('refuses %s = %j with its field error', async (field, value, message) => {
    const res = await save(completeConfig({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.fields[field]).toBe(message);
    expect(await configCount()).toEqual({ n: 0 });
  });

  it('refuses unknown fields, such as the export file extras', async () => {
    const res = await save({ ...completeConfig(), customCSS: ':root{}', generatedAt: '2026-01-01T00:00:00Z' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Unrecognized key/i);
  });

  it('refuses a body that is not an object', async () => {
    const res = await request(t.app).post('/api/white-label/config').set('Authorization', auth()).set('Content-Type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('accepts empty optional fields (only the company name is required to save)', async () => {
    const res = await save({ ...WHITE_LABEL_DEFAULTS, companyName: 'Minimal' });
    expect(res.status).toBe(201);
    expect(res.body.config).toMatchObject({ domain: '', logoUrl: '', faviconUrl: '', contactEmail: '', contactPhone: '', emailFromName: '' });
  });
});
