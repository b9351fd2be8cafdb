/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Server files stay short enough to read whole: a file over the limit is doing several jobs and
 * is split by job (as the sandbox is: keys, the v1 router, the operations by domain).
 */
const root = path.resolve(__dirname, '../../..');
const serverSrc = path.join(root, 'api-server/src');
const MAX_LINES = 300;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

const sources = walk(serverSrc).filter((f) => /\.(ts|js|mjs|cjs)$/.test(f));

it('finds the server sources', () => {
  expect(sources.length).toBeGreaterThan(40);
});

it(`keeps every file under api-server/src at most ${MAX_LINES} lines`, () => {
  const long = sources
    .map((f) => ({ file: path.relative(root, f), lines: fs.readFileSync(f, 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > MAX_LINES);
  expect(long).toEqual([]);
});
