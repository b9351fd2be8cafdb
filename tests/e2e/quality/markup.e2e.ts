/**
 * Validator rules checked on the built HTML of every page (no browser needed): content is in place, ids are unique,
 * every tab has a tab panel, a required select starts with a placeholder, and no page's
 * canonical URL is a route pattern. Runs after `npm run build`, like the rest of the e2e project.
 */
import fs from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import fg from 'fast-glob';
import { ROOT } from '../_lib/server';

const BUILD = path.join(ROOT, 'build');
const pages = fg.sync('**/*.html', { cwd: BUILD }).sort();

describe('built HTML', () => {
  it('has the pages of the spec routes', () => {
    expect(pages).toEqual(expect.arrayContaining(['api-docs.html', 'api-docs/starter.html', 'api-docs/enterprise.html', 'success.html', 'support.html', 'documentation.html']));
  });

  // src/theme/CodeBlock/_plain.tsx: the server markup of an island is never hydrated, so its code
  // is plain text; everywhere else React hydrates the block, which must then be the theme's.
  it('writes the code of the API reference cards as plain text, without an element per token', () => {
    const $ = load(fs.readFileSync(path.join(BUILD, 'api-docs/business.html'), 'utf8'));
    const blocks = $('[data-island] .theme-code-block');
    expect(blocks.length).toBeGreaterThan(50);
    expect({ tokens: blocks.find('.token, .token-line').length }).toEqual({ tokens: 0 });
    const code = blocks.first().find('pre code').text();
    expect(code).toMatch(/^curl .*\n {2}-H "Authorization: Bearer /);
    // The Markdown copy (src/plugins/htmlToMarkdown.ts) gives it the same fenced block as before.
    expect(fs.readFileSync(path.join(BUILD, 'api-docs/business.md'), 'utf8')).toContain(`\`\`\`bash\n${code}\n\`\`\``);
  });

  describe.each(pages)('%s', (file) => {
    const html = fs.readFileSync(path.join(BUILD, file), 'utf8');
    const $ = load(html);

    // React writes a completed Suspense boundary out of order (a placeholder, a hidden copy at the
    // end, an inline script moving it) once 12.8 KB of boundaries precede it; src/theme/CodeBlock
    // renders no boundary on the server for that reason.
    it('holds its content in place, not streamed out of order', () => {
      expect({ outOfOrder: html.match(/\$RC\(|<template id="?B:/g)?.length ?? 0 }).toEqual({ outOfOrder: 0 });
    });

    it('highlights the code blocks that hydrate, and only island code is plain', () => {
      const outside = $('.theme-code-block').filter((_, el) => $(el).closest('[data-island]').length === 0);
      expect({ plainOutsideIslands: outside.filter((_, el) => $(el).find('.token-line').length === 0).length }).toEqual({ plainOutsideIslands: 0 });
    });

    it('has no duplicate ids', () => {
      const seen = new Map<string, number>();
      $('[id]').each((_, el) => {
        const id = $(el).attr('id')!;
        seen.set(id, (seen.get(id) ?? 0) + 1);
      });
      expect([...seen].filter(([, n]) => n > 1).map(([id]) => id)).toEqual([]);
    });

    it('gives every tab list one tab panel per tab', () => {
      $('[role="tablist"]').each((_, list) => {
        const tabs = $(list).find('[role="tab"]');
        const controls = tabs.map((__, t) => $(t).attr('aria-controls') ?? '').get().filter(Boolean);
        if (controls.length) {
          // Our own tabs name their panel; each must exist.
          expect(controls.filter((id) => $(`#${id}[role="tabpanel"]`).length !== 1)).toEqual([]);
          expect(controls).toHaveLength(tabs.length);
          return;
        }
        // Docusaurus tabs: the panels are the children of the element after the tab list.
        const panels = $(list).next().children('[role="tabpanel"]');
        expect({ tabs: tabs.length, panels: panels.length }).toEqual({ tabs: tabs.length, panels: tabs.length });
      });
    });

    it('starts each required single select with an empty placeholder option', () => {
      $('select[required]:not([multiple])').each((_, select) => {
        const size = Number($(select).attr('size') ?? 1);
        if (size > 1) return;
        const first = $(select).find('option').first();
        expect({ id: $(select).attr('id'), ok: first.attr('value') === '' || first.text() === '' }).toEqual({ id: $(select).attr('id'), ok: true });
      });
    });

    it('has a canonical URL that is a real path', () => {
      const canonical = $('link[rel="canonical"]').attr('href') ?? '';
      const ogUrl = $('meta[property="og:url"]').attr('content') ?? '';
      expect([canonical, ogUrl].filter((u) => u.includes(':planId'))).toEqual([]);
    });
  });
});
