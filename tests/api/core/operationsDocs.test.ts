/**
 * The environment variables are stated once, in src/data/operations.ts: the server's schema
 * (api-server/src/config.ts) takes their names and defaults from it (a variable on one side only
 * is a type error there), the Operations page and the README render it. What types cannot see is
 * checked here: the schema really applies the table's defaults, and the defaults the table shows
 * as derived are the ones the server derives.
 */
import { envSchema, loadConfig } from '../../../api-server/src/config';
import { ENV_ROWS, ENV_VARS } from '../../../src/data/operations';

describe('environment variables: the table and the server', () => {
  it("the schema gives every variable the table's default, and none to the others", () => {
    expect(ENV_ROWS.length).toBeGreaterThan(15);
    expect(envSchema.parse({})).toEqual(Object.fromEntries(ENV_ROWS.map((v) => [v.name, v.default])));
  });

  it('shows the defaults the server derives from other variables', () => {
    const c = loadConfig({ PORT: '8123' }, '/srv/app');
    expect(ENV_VARS.SITE_URL.derived.replace('PORT', '8123')).toBe(c.siteUrl);
    expect(ENV_VARS.API_BASE_URL.derived.replace('SITE_URL', c.siteUrl)).toBe(c.apiBaseUrl);
  });
});
