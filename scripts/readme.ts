/**
 * Renders the README's environment table from src/data/operations.ts (ENV_VARS), the one
 * statement of each variable, between the marker comments below. `npm run readme` rewrites it;
 * tests/unit/dev/readme.test.ts fails while the README's copy differs from the rendering.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_ROWS, shownDefault } from '../src/data/operations';

export const README_FILE = join(__dirname, '..', 'README.md');
export const ENV_TABLE_START = '<!-- environment table: rendered by `npm run readme` from src/data/operations.ts -->';
export const ENV_TABLE_END = '<!-- end of environment table -->';

/** A cell's text, with the one character that would end the cell escaped. */
const cell = (text: string) => text.replace(/\|/g, '\\|');

export function renderEnvTable(): string {
  const rows = ENV_ROWS.map((v) => {
    const shown = shownDefault(v);
    return `| \`${v.name}\` | ${shown === undefined ? 'unset' : `\`${cell(shown)}\``} | ${cell(v.meaning)} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The README with its environment table re-rendered; throws when the markers are not there once each. */
export function withEnvTable(readme: string): string {
  const start = readme.indexOf(ENV_TABLE_START);
  const end = readme.indexOf(ENV_TABLE_END);
  if (start === -1 || end < start || readme.indexOf(ENV_TABLE_START, start + 1) !== -1 || readme.indexOf(ENV_TABLE_END, end + 1) !== -1) {
    throw new Error(`README.md must hold "${ENV_TABLE_START}" once, then "${ENV_TABLE_END}" once`);
  }
  return `${readme.slice(0, start + ENV_TABLE_START.length)}\n${renderEnvTable()}\n${readme.slice(end)}`;
}

if (require.main === module) {
  const readme = readFileSync(README_FILE, 'utf8');
  const rendered = withEnvTable(readme);
  if (rendered === readme) console.log('README.md is up to date');
  else {
    writeFileSync(README_FILE, rendered);
    console.log('Rewrote the environment table of README.md');
  }
}
