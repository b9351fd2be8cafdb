/**
 * @jest-environment node
 */
import fs from 'node:fs';
import { ENV_TABLE_END, ENV_TABLE_START, README_FILE, renderEnvTable, withEnvTable } from '@site/scripts/readme';
import { ENV_ROWS } from '@site/src/data/operations';

/**
 * The README's environment table is rendered from src/data/operations.ts (scripts/readme.ts), so
 * a variable added, removed or changed there shows in the README only after `npm run readme`.
 */
const readme = fs.readFileSync(README_FILE, 'utf8');

describe('README.md', () => {
  it('holds the environment table as src/data/operations.ts renders it', () => {
    const rendered = withEnvTable(readme);
    expect(rendered === readme ? 'up to date' : 'differs from src/data/operations.ts: run `npm run readme`').toBe('up to date');
  });

  it('renders one row per variable, with its default or "unset"', () => {
    const table = renderEnvTable();
    expect(table.split('\n')).toHaveLength(ENV_ROWS.length + 2);
    expect(table).toContain('| `SHUTDOWN_TIMEOUT_MS` | `25000` |');
    expect(table).toContain('| `API_BASE_URL` | `SITE_URL/v1` |');
    expect(table).toContain('| `METRICS_TOKEN` | unset |');
  });

  it('refuses a README without the markers, or with one twice', () => {
    expect(() => withEnvTable('# Title\n')).toThrow(ENV_TABLE_START);
    expect(() => withEnvTable(`${ENV_TABLE_START}\n${ENV_TABLE_END}\n${ENV_TABLE_END}\n`)).toThrow(ENV_TABLE_END);
  });

  it('stays under 150 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(150);
  });
});
