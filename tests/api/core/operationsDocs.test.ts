/**
 * The environment variables are stated once, in src/data/operations.ts: the server's schema
 * (api-server/src/config.ts) takes their names and defaults from it (a variable on one side only
 * is a type error there), the Operations page and the README render it. What types cannot see is
 * checked here: the schema really applies the table's defaults, and the defaults the table shows
 * as derived are the ones the server derives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { envSchema, loadConfig } from '../../../api-server/src/config';
import { CLIENT_TIMEOUTS, CONNECTIONS_PER_ADDRESS, ENV_ROWS, ENV_VARS, OVERLOAD, SERVER_MEMORY } from '../../../src/data/operations';

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

describe('the Operations page on overload and stopping', () => {
  const page = fs.readFileSync(path.resolve(__dirname, '../../../docs/guide/operations.mdx'), 'utf8');
  /** The page's prose: code (sample configurations, alert rules, status codes) holds other numbers. */
  const prose = page.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

  it('shows the limits and timings from src/data, through its widgets, never typed', () => {
    const shown: [widget: string, value: number][] = [
      ['ConnectionsPerAddress', CONNECTIONS_PER_ADDRESS],
      ['ShedQueueMs', OVERLOAD.targetQueueMs],
      ['ShedMinInFlight', OVERLOAD.minInFlight],
      ['ShedMaxInFlight', OVERLOAD.maxInFlight],
      ['ShedLagMs', OVERLOAD.maxLagMs],
      ['RequestTimeout', CLIENT_TIMEOUTS.requestMs / 1000],
      ['HeadersTimeout', CLIENT_TIMEOUTS.headersMs / 1000],
      ['KeepAlive', ENV_VARS.KEEP_ALIVE_TIMEOUT_MS.default / 1000],
      ['InstanceMemoryMb', SERVER_MEMORY.instanceMb],
    ];
    for (const [widget, value] of shown) {
      expect({ widget, used: prose.includes(`<Value.${widget} />`) }).toEqual({ widget, used: true });
      // Small numbers also count other things ("every 2 to 5 seconds"): only larger ones are looked for.
      if (value >= 10) expect({ widget, typed: new RegExp(`(?<![\\w.])${value}(?![\\w.])`).test(prose) }).toEqual({ widget, typed: false });
    }
    for (const name of ['ListenQuiet', 'IdleGrace', 'ShedRetryAfter', 'ConnectionsRetryAfter']) expect(prose).toContain(`<Value.${name} />`);
  });

  it("shows the start command's heap flags and each Node line's measured memory", () => {
    expect(prose).toContain('<StartCommand />');
    expect(prose).toContain('<ServerMemoryTable />');
    for (const { withFlags } of Object.values(SERVER_MEMORY.peakRssMb)) expect(withFlags).toBeLessThan(SERVER_MEMORY.instanceMb);
  });
});
