/**
 * The environment variables are stated in three places: the server's zod schema
 * (api-server/src/config.ts, what runs), the Operations page's table (src/data/operations.ts) and
 * the README's short table. The schema is the source: a variable added to it without a line on
 * the Operations page, or a default that differs, fails here, and so does a README row naming a
 * variable or a default the Operations page does not have. Read from the schema object itself,
 * never from config.ts's text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { envSchema, loadConfig } from '../../../api-server/src/config';
import { CLIENT_TIMEOUTS, CONNECTIONS_PER_ADDRESS, ENV_VARS, KEEP_ALIVE_TIMEOUT_MS, OVERLOAD, SERVER_MEMORY } from '../../../src/data/operations';

const serverVariables = Object.keys(envSchema.shape);
const documented = new Map(ENV_VARS.map((v) => [v.name, v]));
/** What the schema gives each variable when the environment is empty (undefined: none). */
const schemaDefaults = envSchema.parse({}) as Record<string, unknown>;

/** `| `A`, `B` | `default` | meaning |` rows of the README's Configuration table. */
function readmeRows(): { names: string[]; default: string }[] {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  return [...table.matchAll(/^\| (`[A-Z][A-Z0-9_]*`(?:, `[A-Z][A-Z0-9_]*`)*) \| ([^|]+) \|/gm)].map((m) => ({
    names: [...m[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((n) => n[1]!),
    default: m[2]!.trim(),
  }));
}

describe('environment variables: schema, Operations page, README', () => {
  it('the Operations page documents every variable of the schema, once, and nothing else', () => {
    expect(serverVariables.length).toBeGreaterThan(15);
    expect(serverVariables.filter((name) => !documented.has(name))).toEqual([]);
    expect(ENV_VARS.map((v) => v.name).filter((name) => !serverVariables.includes(name))).toEqual([]);
    expect(new Set(ENV_VARS.map((v) => v.name)).size).toBe(ENV_VARS.length);
  });

  it("shows the schema's own defaults", () => {
    const withDefault = serverVariables.filter((name) => schemaDefaults[name] !== undefined);
    expect(withDefault.length).toBeGreaterThan(10);
    // MAIL_GIVE_UP_HOURS etc. are shown in the unit the variable takes, as the schema parses it.
    expect(withDefault.map((name) => [name, documented.get(name)!.default])).toEqual(withDefault.map((name) => [name, String(schemaDefaults[name])]));
  });

  it('shows the defaults the server derives, and none for what has none', () => {
    const c = loadConfig({}, '/srv/app');
    expect(documented.get('SITE_URL')!.default).toBe(c.siteUrl);
    const unset = serverVariables.filter((name) => schemaDefaults[name] === undefined && !['SITE_URL', 'API_BASE_URL'].includes(name));
    expect(unset.map((name) => [name, documented.get(name)!.default])).toEqual(unset.map((name) => [name, undefined]));
  });

  it("the README's table names only documented variables, with the Operations page's defaults", () => {
    const rows = readmeRows();
    expect(rows.length).toBeGreaterThan(8);
    expect(rows.flatMap((r) => r.names).filter((name) => !documented.has(name))).toEqual([]);
    const port = documented.get('PORT')!.default!;
    for (const row of rows.filter((r) => r.names.length === 1)) {
      const shown = documented.get(row.names[0]!)!.default;
      const readme = row.default.startsWith('unset') ? undefined : row.default.replace(/^`|`$/g, '').replace(/\bPORT\b/, port);
      expect([row.names[0], readme]).toEqual([row.names[0], shown]);
    }
  });
});

describe('the Operations page on overload and stopping', () => {
  const page = fs.readFileSync(path.resolve(__dirname, '../../../docs/guide/operations.mdx'), 'utf8');
  /** The page's prose: code (sample configurations, alert rules, status codes) holds other numbers. */
  const prose = page.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

  it('shows the limits and timings from src/data, through its widgets, never typed', () => {
    const shown: [widget: string, value: number][] = [
      ['ConnectionsPerAddress', CONNECTIONS_PER_ADDRESS],
      ['ShedInFlight', OVERLOAD.maxInFlight],
      ['ShedLagMs', OVERLOAD.maxLagMs],
      ['RequestTimeout', CLIENT_TIMEOUTS.requestMs / 1000],
      ['HeadersTimeout', CLIENT_TIMEOUTS.headersMs / 1000],
      ['KeepAlive', KEEP_ALIVE_TIMEOUT_MS / 1000],
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
