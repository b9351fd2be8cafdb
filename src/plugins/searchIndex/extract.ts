import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { SearchDoc, SearchKind } from '../../lib/search/types';

/** Site chrome and repeated widgets that are not the page's content. */
const NOISE = [
  'script', 'style', 'svg', 'noscript', 'template', 'nav.breadcrumbs', 'footer',
  'a.hash-link', '.theme-doc-toc-mobile', '.theme-doc-toc-desktop', '.table-of-contents',
  '.theme-doc-footer', '.pagination-nav', '.theme-doc-sidebar-container', '[role="tablist"]',
  'button[title="Copy"]', '[class*="copyButton"]', '[class*="buttonGroup"]',
].join(',');

/** The sub-headings of every endpoint card: they say nothing about the section. */
const ENDPOINT_PARTS = new Set(['Headers', 'Parameters', 'Request', 'Response']);

export function kindOf(route: string): SearchKind {
  if (route === '/documentation' || route.startsWith('/documentation/')) return 'docs';
  if (route === '/api-docs' || route.startsWith('/api-docs/')) return 'api';
  if (route === '/blog' || route.startsWith('/blog/')) return 'blog';
  return 'site';
}

const clean = (s: string): string => s.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();

function headingTitle($: CheerioAPI, el: Element): string {
  // Accordion headings hold a button with the title then a subtitle: the title names the section.
  const accordionTitle = $(el).find('button > span > span').first();
  return clean(accordionTitle.length ? accordionTitle.text() : $(el).text());
}

/** The anchor a heading is reached by: its own id, or the landing-page section it titles. */
function anchorOf($: CheerioAPI, el: Element): string | null {
  const own = $(el).attr('id');
  const section = $(el).closest('section[id]').attr('id');
  if (own) return section && own === `${section}-title` ? section : own;
  return section ?? null;
}

/**
 * Splits a built page into sections (see SearchDoc). Headings h1 to h3 with an anchor start a
 * section; deeper headings and headings without an anchor stay in the text of the one they are in.
 * `listOnly` pages (blog lists and tags) index their title and description only: their bodies
 * repeat the posts.
 */
export function extractSections(html: string, route: string, opts: { siteName: string; listOnly?: boolean }): Omit<SearchDoc, 'id'>[] {
  const $ = load(html);
  const kind = kindOf(route);
  const docTitle = clean($('title').first().text()).replace(new RegExp(`\\s*\\|\\s*${opts.siteName}$`), '');
  const h1 = clean($('main h1').first().text());
  const page = route === '/' ? 'Home' : h1 || docTitle;
  const description = clean($('meta[name="description"]').attr('content') ?? '');
  if (opts.listOnly) return [{ url: route, kind, page, section: '', headings: '', text: description }];

  const main = $('main').first();
  main.find(NOISE).remove();
  const sections = new Map<string, { section: string; headings: string[]; parts: string[] }>();
  let current = { section: '', headings: [] as string[], parts: [description] };
  let h2 = '';
  sections.set('', current);

  const walk = (node: AnyNode): void => {
    if (node.type === 'text') {
      const t = (node as unknown as { data: string }).data;
      if (t.trim()) current.parts.push(t);
      return;
    }
    if (node.type !== 'tag') return;
    const el = node as Element;
    const level = /^h([1-6])$/.exec(el.name)?.[1];
    if (level && Number(level) <= 3) {
      const anchor = Number(level) === 1 ? '' : anchorOf($, el);
      if (anchor !== null) {
        const title = headingTitle($, el);
        const existing = sections.get(anchor);
        if (existing) current = existing;
        else {
          current = { section: anchor === '' ? '' : title, headings: level === '3' && h2 ? [h2] : [], parts: [] };
          sections.set(anchor, current);
        }
        if (level === '2') h2 = title;
        // The heading's own words (an accordion's subtitle included) belong to the text too, and
        // a subtitle ("Base URL, headers, your first request") says what the section answers as
        // its title does: it counts as a heading.
        const subtitle = clean($(el).find('button > span > span').slice(2).text());
        if (subtitle && !existing) current.headings.push(subtitle);
        if (anchor !== '' && clean($(el).text()) !== title) current.parts.push(` ${clean($(el).text())} `);
        else if (anchor !== '' && existing) current.parts.push(` ${title} `);
        return;
      }
    }
    if (level) current.headings.push(headingTitle($, el));
    // Block elements end a word: "</p><p>" must not glue two words together.
    for (const child of el.children) walk(child);
    if (!/^(a|code|strong|em|b|i|span|abbr|kbd|sub|sup|mark)$/.test(el.name)) current.parts.push(' ');
  };
  for (const child of main.contents().toArray()) walk(child);

  return [...sections.entries()]
    .map(([anchor, s]) => ({
      url: anchor ? `${route}#${anchor}` : route,
      kind,
      page,
      section: s.section,
      headings: [...new Set(s.headings)].filter((h) => !ENDPOINT_PARTS.has(h)).join(' · '),
      text: clean(s.parts.join('')),
    }))
    .filter((d) => d.section || d.text);
}
