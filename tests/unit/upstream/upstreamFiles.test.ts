/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STARTUP_MODULE } from '@site/src/plugins/lazyPrismLanguages';

/**
 * Guards of the speed-ups that lean on other projects' files (CONTRIBUTING.md, "Performance
 * mechanisms and upstream internals"). Each fails when the upstream file it copies, replaces or relies on
 * changes, so an upgrade of Docusaurus cannot silently make the site
 * slower or break it. When one fails: read the upstream change, carry it into our copy (or drop
 * the speed-up), then record the new hash here.
 */
const ROOT = path.resolve(__dirname, '../../..');
const resolve = (request: string, from = ROOT): string => require.resolve(request, { paths: [from] });
const read = (file: string): string => fs.readFileSync(file, 'utf8');
const sha = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

const THEME = path.dirname(resolve('@docusaurus/theme-classic/package.json'));

/** Upstream files our code copies or reproduces, with the hash of the version it was taken from. */
const UPSTREAM: readonly { file: string; hash: string; ours: string }[] = [
  // Replaced by an empty module (src/plugins/lazyPrismLanguages).
  { file: path.join(THEME, 'lib/prism-include-languages.js'), hash: 'a464a26897ccb5b2', ours: 'src/plugins/lazyPrismLanguages/startup.js' },
  // The plain code block of islands' server markup takes the highlighted block's exact box
  // (src/theme/CodeBlock/_plain.module.css reproduces these three).
  { file: path.join(THEME, 'lib/theme/CodeBlock/Container/styles.module.css'), hash: '16d8fa7b71e6c0f6', ours: 'src/theme/CodeBlock/_plain.module.css' },
  { file: path.join(THEME, 'lib/theme/CodeBlock/Layout/styles.module.css'), hash: 'e190bd929c9aa057', ours: 'src/theme/CodeBlock/_plain.module.css' },
  { file: path.join(THEME, 'lib/theme/CodeBlock/Content/styles.module.css'), hash: '26dba21a9e8eb538', ours: 'src/theme/CodeBlock/_plain.module.css' },
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

// src/theme/CodeBlock renders no Suspense boundary while hydrating: a block whose chunk has not
// arrived suspends the hydration, which React allows because Docusaurus hydrates in a transition.
describe("Docusaurus's client entry", () => {
  it('hydrates the page inside startTransition', () => {
    const entry = read(path.join(path.dirname(resolve('@docusaurus/core/package.json')), 'lib/client/clientEntry.js'));
    expect(entry).toMatch(/startTransition\(renderApp\)/);
    expect(entry).toMatch(/ReactDOM\.hydrateRoot\(container, app/);
  });
});

// src/theme/CodeBlock/Buttons/CopyButton (an eject for the spec's Copied! label) reads the block's
// code from the theme's internal context: not a documented API, so its export is held here.
describe("the theme's internal code block context", () => {
  it('is still exported by @docusaurus/theme-common/internal', () => {
    // Its package.json is not in its `exports`: found where npm installs it.
    const common = path.join(ROOT, 'node_modules/@docusaurus/theme-common');
    const pkg = JSON.parse(read(path.join(common, 'package.json'))) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports)).toContain('./internal');
    expect(read(path.join(common, 'lib/internal.js'))).toMatch(/\buseCodeBlockContext\b/);
    expect(read(path.join(ROOT, 'src/theme/CodeBlock/Buttons/CopyButton/index.tsx'))).toMatch(/useCodeBlockContext\(\)/);
  });
});
