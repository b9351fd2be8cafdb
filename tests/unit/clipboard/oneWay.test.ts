import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 23: one clipboard helper and one "Copied!" timer for every copy button. A second
 * implementation (a component calling the Clipboard API or timing its own confirmation) fails here.
 */
const ROOT = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(path.join(ROOT, 'src')).map((file) => ({ file: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));
// Comments may name these; only code counts.
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('copy buttons share one helper', () => {
  it('only src/lib/clipboard.ts talks to the clipboard', () => {
    const users = files.filter(({ text }) => /navigator\.clipboard|execCommand\(\s*['"]copy|copy-text-to-clipboard/.test(code(text))).map(({ file }) => file);
    expect(users).toEqual(['src/lib/clipboard.ts']);
  });

  it('only src/lib/useCopy.ts times the Copied! confirmation', () => {
    const timers = files.filter(({ text }) => /setTimeout\(.{0,80}?copyConfirmationMs/.test(code(text).replace(/\s+/g, ' '))).map(({ file }) => file);
    expect(timers).toEqual(['src/lib/useCopy.ts']);
  });

  it('every copy button says the one Copied! label from src/data/clipboard', () => {
    const literal = files.filter(({ file, text }) => file !== 'src/data/clipboard.ts' && /['"`]Copied!['"`]/.test(code(text))).map(({ file }) => file);
    expect(literal).toEqual([]);
  });
});
