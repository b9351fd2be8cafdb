import { ConfigError, loadConfig, storedAdminPassword } from '../../../api-server/src/config';
import { openSqlite, DatabaseError } from '../../../api-server/src/db/database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('configuration', () => {
  it('has working defaults for a fresh machine', async () => {
    const c = loadConfig({}, '/srv/app');
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe('/srv/app/data');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.adminPasswordGenerated).toBe(true);
    expect(c.adminPassword.length).toBeGreaterThanOrEqual(20);
  });
  it('retries mail for 5 days by default (RFC 5321 4.5.4.1), configurable in hours', async () => {
    expect(loadConfig({}).mailGiveUpMs).toBe(5 * 24 * 3_600_000);
    expect(loadConfig({ MAIL_GIVE_UP_HOURS: '1.5' }).mailGiveUpMs).toBe(5_400_000);
    expect(() => loadConfig({ MAIL_GIVE_UP_HOURS: '0' })).toThrow(/MAIL_GIVE_UP_HOURS/);
  });
  it('never uses a fixed default admin password', async () => {
    expect(loadConfig({}).adminPassword).not.toBe(loadConfig({}).adminPassword);
  });
  it('requires an admin password of at least 12 characters', async () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'elevenchars' })).toThrow(/ADMIN_PASSWORD: must be at least 12 characters/);
    expect(loadConfig({ ADMIN_PASSWORD: 'twelve-chars' }).adminPassword).toBe('twelve-chars');
  });
  it('keeps a generated admin password in DATA_DIR, owner-only, and reuses it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-pw-'));
    const first = storedAdminPassword(loadConfig({ DATA_DIR: dir }));
    const file = path.join(dir, 'admin-password');
    expect(first.adminPasswordFile).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(storedAdminPassword(loadConfig({ DATA_DIR: dir })).adminPassword).toBe(first.adminPassword);
    // A copy with a looser mode is tightened; one too short is refused.
    fs.chmodSync(file, 0o644);
    storedAdminPassword(loadConfig({ DATA_DIR: dir }));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, 'short\n');
    expect(() => storedAdminPassword(loadConfig({ DATA_DIR: dir }))).toThrow(ConfigError);
    // A chosen ADMIN_PASSWORD wins and no file is involved.
    expect(storedAdminPassword(loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'chosen-password-1' })).adminPassword).toBe('chosen-password-1');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('treats empty variables as unset', async () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' }).port).toBe(3000);
  });
  it('names every bad variable', async () => {
    try {
      loadConfig({ PORT: 'eighty', SMTP_URL: 'http://x', SALES_EMAIL: 'nope', ADMIN_PASSWORD: 'short' });
      throw new Error('should have thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      for (const name of ['PORT', 'SMTP_URL', 'SALES_EMAIL', 'ADMIN_PASSWORD']) expect(msg).toContain(name);
    }
  });
  it('gives a clear error for an unusable data directory or a corrupt database', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cfg-')), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    expect(() => openSqlite(file)).toThrow(DatabaseError);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corrupt-'));
    fs.writeFileSync(path.join(dir, 'platform.db'), 'this is not a database'.repeat(100));
    expect(() => openSqlite(dir)).toThrow(/Cannot open database/);
  });
});
