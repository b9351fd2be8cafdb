/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STARTUP_MODULE } from '@site/src/plugins/lazyPrismLanguages';
import { MARK_JS } from '@site/src/plugins/lazySearchHighlight';

/**
 * Guards of the speed-ups that lean on other projects' files (CONTRIBUTING.md, "Speed-ups on
 * upstream internals"). Each fails when the upstream file it copies, replaces or relies on
 * changes, so an upgrade of Docusaurus or the search plugin cannot silently make the site
 * slower or break it. When one fails: read the upstream change, carry it into our copy (or drop
 * the speed-up), then record the new hash here.
 */
const ROOT = path.resolve(__dirname, '../../..');
const resolve = (request: string, from = ROOT): string => require.resolve(request, { paths: [from] });
const read = (file: string): string => fs.readFileSync(file, 'utf8');
const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

const THEME = path.dirname(resolve('@docusaurus/theme-classic/package.json'));
const SEARCH = path.dirname(resolve('@easyops-cn/docusaurus-search-local/package.json'));

/** Upstream files our code copies or reproduces, with the hash of the version it was taken from. */
const UPSTREAM: readonly { file: string; hash: string; ours: string }[] = [
  // Replaced by an empty module (src/plugins/lazyPrismLanguages).
  { file: path.join(THEME, 'lib/prism-include-languages.js'), hash: 'a464a26897ccb5b2', ours: 'src/plugins/lazyPrismLanguages/startup.js' },
  // Writes the search plugin's mark.js import that src/plugins/lazySearchHighlight swaps.
  { file: path.join(SEARCH, 'dist/server/server/utils/generate.js'), hash: '0ca882108590232b', ours: 'src/plugins/lazySearchHighlight/index.ts' },
  // Its calls of mark.js are the API src/plugins/lazySearchHighlight/mark.js stands in for.
  { file: path.join(SEARCH, 'dist/client/client/theme/SearchBar/SearchBar.jsx'), hash: '1d6b381687947f38', ours: 'src/plugins/lazySearchHighlight/mark.js' },
];

describe('upstream files our speed-ups depend on', () => {
  it.each(UPSTREAM.map((u) => [path.relative(ROOT, u.file).replace(/^node_modules[\\/]/, ''), u] as const))(
    '%s is the version our copy was made from',
    (_name, { file, hash, ours }) => {
      expect(fs.existsSync(file)).toBe(true);
      // On a mismatch: re-read the upstream file against `ours`, port the change, update the hash.
      expect({ ours, hash: sha(read(file)) }).toEqual({ ours, hash });
    },
  );
});

describe('theme start-up module replaced by src/plugins/lazyPrismLanguages', () => {
  it('is still a client module of the theme, at the path the plugin replaces', () => {
    const startup = path.join(THEME, 'lib/prism-include-languages.js');
    expect(startup).toMatch(STARTUP_MODULE);
    // getClientModules() names it relative to lib/, which is what puts it in every page's bundle.
    expect(read(path.join(THEME, 'lib/index.js'))).toContain("'./prism-include-languages'");
  });

  it('does nothing but register the languages, which our CodeBlock chunk does instead', () => {
    const body = read(path.join(THEME, 'lib/prism-include-languages.js')).replace(/\/\*[\s\S]*?\*\//g, '').trim();
    expect(body.split('\n')).toEqual([
      "import { Prism } from 'prism-react-renderer';",
      "import prismIncludeLanguages from '@theme/prism-include-languages';",
      'prismIncludeLanguages(Prism);',
    ]);
    expect(read(path.join(ROOT, 'src/theme/CodeBlock/_chunk.ts'))).toMatch(/^prismIncludeLanguages\(Prism\);$/m);
  });
});

describe("search plugin's mark.js import swapped by src/plugins/lazySearchHighlight", () => {
  it('is the resolved mark.js file the plugin matches', () => {
    expect(read(path.join(SEARCH, 'dist/server/server/utils/generate.js'))).toContain(
      'export { default as Mark } from ${JSON.stringify(require.resolve("mark.js"))}',
    );
    expect(resolve('mark.js', SEARCH)).toMatch(MARK_JS);
  });

  it('is used only through the constructor, mark() and unmark() that our stand-in implements', () => {
    const searchBar = read(path.join(SEARCH, 'dist/client/client/theme/SearchBar/SearchBar.jsx'));
    expect(searchBar.match(/new Mark\([^)]*\)/g)).toEqual(['new Mark(root)']);
    expect([...new Set(searchBar.match(/\bmark\.\w+\(/g))].sort()).toEqual(['mark.mark(', 'mark.unmark(']);
    const standIn = read(path.join(ROOT, 'src/plugins/lazySearchHighlight/mark.js'));
    for (const method of ['constructor(root)', 'unmark(options)', 'mark(keywords, options)']) expect(standIn).toContain(method);
  });
});

// src/theme/CodeBlock renders no Suspense boundary while hydrating: a block whose chunk has not
// arrived suspends the hydration, which React allows because Docusaurus hydrates in a transition.
describe("Docusaurus's client entry", () => {
  it('hydrates the page inside startTransition', () => {
    const entry = read(path.join(path.dirname(resolve('@docusaurus/core/package.json')), 'lib/client/clientEntry.js'));
    expect(entry).toMatch(/startTransition\(renderApp\)/);
    expect(entry).toMatch(/ReactDOM\.hydrateRoot\(container, app/);
  });
});
