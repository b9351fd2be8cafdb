/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * CSS stays one module per component: each file short enough to read whole, and each module
 * styling one component only, so a change to one component's look cannot move another's.
 */
const root = path.resolve(__dirname, '../..');
const src = path.join(root, 'src');
const MAX_LINES = 300;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

const files = walk(src);
const modules = files.filter((f) => f.endsWith('.module.css'));
const sources = files.filter((f) => /\.(tsx?|jsx?)$/.test(f));
const rel = (f: string) => path.relative(root, f);

/** Every CSS module each source file imports, resolved to a path. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/from\s+'([^']+\.module\.css)'/g)].map((m) => {
    const spec = m[1]!;
    return spec.startsWith('@site/') ? path.join(root, spec.slice('@site/'.length)) : path.resolve(path.dirname(file), spec);
  });
}

/**
 * The component a source file belongs to. A folder under src/components or src/theme is one
 * component (its index and helper files share one look); elsewhere (pages and their
 * _components) each file is its own component.
 */
function componentOf(file: string): string {
  const parts = path.relative(src, file).split(path.sep);
  if (parts[0] === 'components' || parts[0] === 'theme') return path.dirname(file);
  return file;
}

describe('CSS modules', () => {
  it('finds the modules and their importers (guards the walk itself)', () => {
    expect(modules.length).toBeGreaterThan(20);
    expect(sources.some((f) => importsOf(f).length > 0)).toBe(true);
  });

  it(`keeps every CSS module under src at most ${MAX_LINES} lines`, () => {
    const long = modules.map((f) => [rel(f), fs.readFileSync(f, 'utf8').split('\n').length] as const).filter(([, n]) => n > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('lets no CSS module be imported by files of different components', () => {
    const shared: string[] = [];
    for (const mod of modules) {
      const importers = sources.filter((f) => importsOf(f).includes(mod));
      const owners = new Set(importers.map(componentOf));
      // A module sits beside the component it styles.
      const away = importers.some((f) => path.dirname(f) !== path.dirname(mod));
      if (owners.size > 1 || away) shared.push(`${rel(mod)} <- ${importers.map(rel).join(', ')}`);
    }
    expect(shared).toEqual([]);
  });

  it('has no orphan modules: every CSS module is imported somewhere', () => {
    const orphans = modules.filter((mod) => !sources.some((f) => importsOf(f).includes(mod))).map(rel);
    expect(orphans).toEqual([]);
  });
});
