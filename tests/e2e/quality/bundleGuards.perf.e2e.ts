/**
 * The built site still lacks what our speed-ups on upstream internals remove (CONTRIBUTING.md,
 * "Performance mechanisms and upstream internals"). A module replacement whose pattern stops matching fails
 * nothing at build time: the code simply comes back into every page. Runs on the built site
 * (no browser), like the rest of the e2e project.
 */
import fs from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import { hydrated, openPage } from '../_lib/browser';
import { ROOT } from '../_lib/server';
import { useLiveSite } from '../_lib/suite';

jest.setTimeout(60_000);

const BUILD = path.join(ROOT, 'build');
const JS = path.join(BUILD, 'assets', 'js');

/** Code that only these libraries contain, as it survives minification. */
const PRISM = 'before-tokenize'; // the hook name Prism's tokenizer runs
const MINISEARCH = 'duplicate ID'; // an error message of MiniSearch, the search engine (src/theme/SearchBar)

function html(file: string): ReturnType<typeof load> {
  return load(fs.readFileSync(path.join(BUILD, file), 'utf8'));
}

/** The scripts a page starts with (Docusaurus's deferred bundles in <head>), as one text. */
function startupJs(file: string): string {
  const $ = html(file);
  const srcs = $('script[src]').map((_, el) => $(el).attr('src')!).get();
  expect(srcs.length).toBeGreaterThan(0);
  return srcs.map((src) => fs.readFileSync(path.join(BUILD, src), 'utf8')).join('\n');
}

const chunksWith = (needle: string): string[] =>
  fs.readdirSync(JS).filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(JS, f), 'utf8').includes(needle));

describe('speed-ups on upstream internals, in the built site', () => {
  it.each(['index.html', 'documentation.html', 'blog.html'])('%s starts without Prism and without the search engine', (file) => {
    const js = startupJs(file);
    expect({ prism: js.includes(PRISM), search: js.includes(MINISEARCH) }).toEqual({ prism: false, search: false });
  });

  it('still ships both, in chunks loaded on demand', () => {
    expect(chunksWith(PRISM).length).toBeGreaterThan(0);
    expect(chunksWith(MINISEARCH).length).toBeGreaterThan(0);
  });
});

describe('pages without code load no Prism (src/theme/CodeBlock loads it with the first code block)', () => {
  const live = useLiveSite();

  /** Text of every script the page fetched while loading and hydrating (and, with `toCode`, once its first code block is in view). */
  async function loadedJs(route: string, toCode = false): Promise<string[]> {
    const { page, context } = await openPage(live.browser);
    const scripts: string[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    await page.goto(live.server.url + route, { waitUntil: 'networkidle' });
    await hydrated(page);
    if (toCode) {
      await page.evaluate(() => document.querySelector('.theme-code-block')?.scrollIntoView({ block: 'center' }));
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => Boolean(document.querySelector('.theme-code-block .token')));
    }
    await context.close();
    return scripts.map((src) => fs.readFileSync(path.join(BUILD, src), 'utf8'));
  }

  it.each(['/documentation', '/blog'])('%s', async (route) => {
    const js = await loadedJs(route);
    expect(js.length).toBeGreaterThan(0);
    expect(js.filter((text) => text.includes(PRISM))).toHaveLength(0);
  });

  // Its cards are islands (src/clientModules/codeBlocks.ts): Prism comes with the first one the
  // reader brings near, not necessarily at load, and highlights its code.
  it('/api-docs, which shows code, loads it with the first code block in view', async () => {
    expect((await loadedJs('/api-docs', true)).filter((text) => text.includes(PRISM))).toHaveLength(1);
  });
});
