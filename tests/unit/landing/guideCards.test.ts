import fs from 'node:fs';
import path from 'node:path';
import { LANDING_GUIDES } from '@site/src/data/landing';

const DOCS = path.resolve(__dirname, '../../../docs/guide');

/** The anchors a guide page's MDX defines: accordion ids and `{/* #id *\/}` heading ids. */
function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  return new Set([...text.matchAll(/<Accordion id="([^"]+)"|\{\/\* #([\w-]+) \*\/\}/g)].map((m) => (m[1] ?? m[2])!));
}

describe('landing guide cards', () => {
  it.each(LANDING_GUIDES.items.map((g) => [g.title, g.to] as const))('"%s" opens a documentation guide that exists (%s)', (_title, to) => {
    const [route, anchor] = to.split('#') as [string, string | undefined];
    expect(route).toMatch(/^\/documentation(\/|$)/);
    const slug = route.replace(/^\/documentation\/?/, '');
    const file = path.join(DOCS, `${slug || 'index'}.mdx`);
    expect(fs.existsSync(file)).toBe(true);
    if (anchor) expect(anchorsOf(file)).toContain(anchor);
  });
});
