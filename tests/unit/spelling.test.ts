import fs from 'node:fs';
import path from 'node:path';

/**
 * One spelling per word across everything a visitor reads (issue 16): the spec's UI words are
 * American ("Colors" tab, "Multi-organization support", organizationId), so the prose is too.
 * The FAQ anchor `existing-accounting-organisation` is a published URL fragment and stays.
 */
const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['docs', 'blog', 'src', 'api-server/src'];
const BRITISH = /\b\w*(colour|organis|authoris|categoris|behaviour)\w*/gi;
const ALLOWED = new Set(['existing-accounting-organisation']);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(mdx?|tsx?)$/.test(e.name) ? [full] : [];
  });
}

it('site text uses one (American) spelling of each word', () => {
  const found: string[] = [];
  for (const folder of FOLDERS) {
    for (const file of files(path.join(ROOT, folder))) {
      const text = fs.readFileSync(file, 'utf8').replace(/existing-accounting-organisation/g, '');
      for (const m of text.matchAll(BRITISH)) if (!ALLOWED.has(m[0])) found.push(`${path.relative(ROOT, file)}: ${m[0]}`);
    }
  }
  expect(found).toEqual([]);
});
