/**
 * Small HTML-to-Markdown converter for the built docs pages (llms.txt and the .md copies).
 * It knows our page structure: Docusaurus articles, Prism code blocks, accordion headings.
 * cheerio is a direct dependency (src/plugins/searchIndex parses the built pages with it too).
 */
import { load, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

function isElement(node: AnyNode): node is Element {
  return node.type === 'tag';
}

export function htmlToMarkdown(html: string, origin: string): { title: string; description: string; markdown: string } {
  const $ = load(html);
  const title = $('article h1').first().text().trim() || $('main h1').first().text().trim() || $('title').text().trim();
  const description = $('meta[name="description"]').attr('content') ?? '';
  // Docs pages, then blog posts (their text without the post's header, tags and paginator), then any page.
  const root = [$('article .theme-doc-markdown').first(), $('#__blog-post-container').first()].find((r) => r.length) ?? $('main').first();
  root.find('a.hash-link, nav.breadcrumbs, svg, script, style, button[title="Copy"], .theme-doc-footer, .pagination-nav').remove();
  const out = root.contents().toArray().map((n) => block($, n, origin)).join('');
  return { title, description, markdown: `${out.replace(/\n{3,}/g, '\n\n').trim()}\n` };
}

function inline($: CheerioAPI, node: AnyNode, origin: string): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data.replace(/\s+/g, ' ');
  if (!isElement(node)) return '';
  const inner = () => node.children.map((c) => inline($, c, origin)).join('');
  switch (node.name) {
    case 'code':
      return `\`${$(node).text()}\``;
    case 'strong':
    case 'b':
      return `**${inner().trim()}**`;
    case 'em':
    case 'i':
      return `_${inner().trim()}_`;
    case 'br':
      return '\n';
    case 'a': {
      const href = $(node).attr('href') ?? '';
      const text = inner().trim();
      if (!href || !text) return text;
      return `[${text}](${href.startsWith('/') ? origin + href : href})`;
    }
    default:
      return inner();
  }
}

function codeBlock($: CheerioAPI, el: Element): string {
  const container = $(el);
  const lang = (container.attr('class') ?? '').match(/language-(\w+)/)?.[1] ?? '';
  const title = container.find('[class*="codeBlockTitle"]').first().text().trim();
  const lines = container.find('.token-line');
  const code = lines.length ? lines.toArray().map((l) => $(l).text()).join('\n') : container.find('pre').text();
  return `${title ? `${title}:\n\n` : ''}\`\`\`${lang}\n${code.replace(/\n+$/, '')}\n\`\`\`\n\n`;
}

function table($: CheerioAPI, el: Element): string {
  const rows = $(el).find('tr').toArray().map((tr) => $(tr).children('th,td').toArray().map((c) => inline($, c, '').trim().replace(/\|/g, '\\|')));
  if (!rows.length) return '';
  const [head, ...body] = rows;
  return [`| ${head!.join(' | ')} |`, `| ${head!.map(() => '---').join(' | ')} |`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n') + '\n\n';
}

function block($: CheerioAPI, node: AnyNode, origin: string, depth = 0): string {
  if (node.type === 'text') {
    const t = (node as unknown as { data: string }).data.trim();
    return t ? `${t}\n\n` : '';
  }
  if (!isElement(node)) return '';
  const el = $(node);
  const children = () => node.children.map((c) => block($, c, origin, depth)).join('');
  if (el.hasClass('theme-code-block')) return codeBlock($, node);
  if (el.attr('role') === 'tablist') return '';
  if (el.attr('role') === 'tabpanel') {
    // Name each panel after its tab, so the Markdown says which language a sample is in.
    const labels = el.parent().parent().find('[role="tab"]').toArray().map((t) => $(t).text().trim());
    const index = el.parent().children('[role="tabpanel"]').toArray().indexOf(node);
    return `${labels[index] ? `**${labels[index]}**\n\n` : ''}${children()}`;
  }
  const heading = /^h([1-6])$/.exec(node.name);
  if (heading) {
    // Accordion headings hold a button with the title and a subtitle: keep the title.
    const accordionTitle = el.find('button > span > span').first();
    const text = accordionTitle.length ? accordionTitle.text().trim() : inline($, node, origin).trim();
    return `${'#'.repeat(Number(heading[1]))} ${text}\n\n`;
  }
  switch (node.name) {
    case 'p':
    case 'figcaption':
      return `${inline($, node, origin).trim()}\n\n`;
    case 'ul':
    case 'ol':
      return (
        el
          .children('li')
          .toArray()
          .map((li, i) => {
            const nested = $(li).children('ul,ol').toArray().map((l) => block($, l, origin, depth + 1)).join('');
            $(li).children('ul,ol').remove();
            return `${'  '.repeat(depth)}${node.name === 'ol' ? `${i + 1}.` : '-'} ${inline($, li, origin).trim()}\n${nested}`;
          })
          .join('') + (depth ? '' : '\n')
      );
    case 'table':
      return table($, node);
    case 'dl':
      return el.children('div').toArray().map((d) => `- **${$(d).find('dt').text().trim()}**: ${$(d).find('dd').text().trim()}\n`).join('') + '\n';
    case 'summary':
      return `**${el.text().trim()}**\n\n`;
    case 'pre':
      return `\`\`\`\n${el.text()}\n\`\`\`\n\n`;
    default:
      return children();
  }
}
