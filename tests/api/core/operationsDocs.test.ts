/**
 * The Operations page lists every environment variable the server reads, with the server's own
 * defaults: a variable added to api-server/src/config.ts without a line there fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../../api-server/src/config';
import { ENV_VARS } from '../../../src/data/operations';

const source = fs.readFileSync(path.resolve(__dirname, '../../../api-server/src/config.ts'), 'utf8');
const schema = source.slice(source.indexOf('const envSchema = z.object({'), source.indexOf('});', source.indexOf('const envSchema')));
const serverVariables = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
const documented = new Map(ENV_VARS.map((v) => [v.name, v]));

describe('Operations page', () => {
  it('documents every variable of the server configuration', () => {
    expect(serverVariables.length).toBeGreaterThan(15);
    expect(serverVariables.filter((name) => !documented.has(name))).toEqual([]);
    expect(new Set(ENV_VARS.map((v) => v.name)).size).toBe(ENV_VARS.length);
  });

  it("shows the server's defaults", () => {
    const c = loadConfig({}, '/srv/app');
    const shown = (name: string) => documented.get(name)!.default;
    expect(shown('PORT')).toBe(String(c.port));
    expect(path.resolve('/srv/app', shown('DATA_DIR')!)).toBe(c.dataDir);
    expect(path.resolve('/srv/app', shown('BUILD_DIR')!)).toBe(c.buildDir);
    expect(shown('LOG_LEVEL')).toBe(c.logLevel);
    expect(shown('TRUST_PROXY')).toBe(String(c.trustProxyHops));
    expect(shown('RATE_LIMIT_PER_MINUTE')).toBe(String(c.rateLimitPerMinute));
    expect(shown('MAIL_FROM')).toBe(c.mailFrom);
    expect(shown('SALES_EMAIL')).toBe(c.salesEmail);
    expect(shown('SUPPORT_EMAIL')).toBe(c.supportEmail);
    expect(shown('ADMIN_USER')).toBe(c.adminUser);
    expect(shown('SETUP_PASSWORD')).toBe(c.setupPassword);
    expect(shown('MAIL_RETRY_BASE_MS')).toBe(String(c.mailRetryBaseMs));
    expect(Number(shown('MAIL_GIVE_UP_HOURS')) * 3_600_000).toBe(c.mailGiveUpMs);
    expect(Number(shown('MAIL_LEASE_SECONDS')) * 1_000).toBe(c.mailLeaseMs);
    expect(shown('SANDBOX_RATE_LIMIT_SCALE')).toBe(String(c.sandboxRateLimitScale));
    expect(shown('SANDBOX_MAX_OBJECTS_PER_KEY')).toBe(String(c.sandboxMaxObjectsPerKey));
    expect(shown('SITE_URL')).toBe(c.siteUrl);
    for (const unset of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'ADMIN_PASSWORD', 'METRICS_TOKEN']) expect([unset, shown(unset)]).toEqual([unset, undefined]);
  });
});
