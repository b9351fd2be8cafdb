/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { LINK, RUNTIMES } from '@site/scripts/nodeRuntime';

/**
 * Every repository path the README and CONTRIBUTING.md name in backticks exists: a guide that
 * cites a moved or deleted file sends the next engineer looking for nothing. A token counts as a
 * path when it has a slash and no spaces, starts with no `/` (a URL path) and no upper-case
 * variable (`SITE_URL/v1`), holds no placeholder (`src/pages/<route>`) and no code (quotes,
 * calls), and is not a URL or a package's file (`@docusaurus/…`). Paths the server or the build
 * create at run time are listed below.
 */
const ROOT = path.resolve(__dirname, '../../..');
const DOCS = ['README.md', 'CONTRIBUTING.md'];

/** Made by `npm start`, `npm run build` or the tests, not kept in the repository. */
const RUNTIME = [/^\.?\/?data(\/|$)/, /^\.?\/?build(\/|$)/, /^\.builds\//, /^dist-server\//, /^~\//, /^static\/openapi\//, /^static\/client\//];

/**
 * The project's own Node, made by `npm install` only on a Node older than the supported lines (on
 * 22, 24 or 26 there is none): cited as nodeRuntime.ts names it, never checked on disk.
 */
const PROJECT_NODE = [RUNTIMES, LINK];

export function citedPaths(markdown: string): string[] {
  const tokens = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return tokens.filter(
    (t) => t.includes('/') && !/[\s<'"()]/.test(t) && !t.startsWith('/') && !t.includes(':') && !/^[A-Z][A-Z0-9_]*\//.test(t) && !t.startsWith('@') && !RUNTIME.some((r) => r.test(t)) && !PROJECT_NODE.includes(t.replace(/\/$/, '')),
  );
}

/** A trailing `*` pattern (`RecentRequests*.tsx`) matches a file of its folder. */
function exists(cited: string): boolean {
  const clean = cited.replace(/\/$/, '');
  if (!clean.includes('*')) return fs.existsSync(path.join(ROOT, clean));
  const dir = path.join(ROOT, path.dirname(clean));
  const pattern = new RegExp(`^${path.basename(clean).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return fs.existsSync(dir) && fs.readdirSync(dir).some((f) => pattern.test(f));
}

describe('paths cited by the README and CONTRIBUTING.md', () => {
  it('finds paths in backticks, and leaves URLs, variables and run-time files out', () => {
    expect(citedPaths('`src/data/` `/api/checkout` `SITE_URL/v1` `smtp://a@b` `npm run bench` `data/mail/` `a b/c` `tests/api/<name>/` `\'/checkout\'` `@docusaurus/theme-common/internal`')).toEqual(['src/data/']);
  });

  it.each(DOCS)('%s names only files that exist', (doc) => {
    const cited = citedPaths(fs.readFileSync(path.join(ROOT, doc), 'utf8'));
    expect(cited.length).toBeGreaterThan(10);
    expect(cited.filter((c) => !exists(c))).toEqual([]);
  });
});
