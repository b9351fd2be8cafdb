import { API_VERSION_NAMES, openApiUrls } from '../data/apiVersioning';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { htmlToMarkdown } from './htmlToMarkdown';

/** Blog posts only: not the list, tag, author, archive or paging pages around them. */
const BLOG_LISTS = /^\/blog(?:$|\/(?:tags|authors|archive|page)(?:\/|$))/;

/**
 * Routes that get a Markdown copy and an llms.txt entry: developer documentation and blog
 * posts (the MCP server's search_docs and read_page serve these copies, api-server/src/mcp).
 */
const SECTIONS: readonly { title: string; prefix: string; exclude?: RegExp }[] = [
  { title: 'Documentation', prefix: '/documentation' },
  { title: 'API reference', prefix: '/api-docs' },
  { title: 'Blog', prefix: '/blog', exclude: BLOG_LISTS },
];

function htmlFile(outDir: string, route: string): string | null {
  for (const candidate of [`${route}.html`, `${route}/index.html`]) {
    const file = join(outDir, candidate);
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * After the build, writes a Markdown copy of every docs page and blog post next to its HTML (`/api-docs.md`,
 * `/documentation/webhooks.md`), `llms.txt` (an index following llmstxt.org) and `llms-full.txt`
 * (all copies concatenated), so AI assistants and scripts can read the docs without the site chrome.
 */
export default function llmsTxtPlugin(context: LoadContext): Plugin {
  return {
    name: 'llms-txt',
    async postBuild({ outDir, routesPaths }) {
      const origin = context.siteConfig.url.replace(/\/$/, '');
      const index: string[] = [`# ${context.siteConfig.title}`, '', `> ${context.siteConfig.tagline}`, ''];
      const full: string[] = [];
      index.push(`An MCP server (Streamable HTTP) at ${origin}/mcp serves these pages, the API reference and the sandbox to AI assistants: see [Use with AI assistants](${origin}/documentation/ai-assistants.md).`, '');
      // One document per API version, newest first; each names the X-API-Version value that selects it in info.version.
      for (const version of [...API_VERSION_NAMES].reverse()) {
        const { yaml, json } = openApiUrls(version);
        index.push(`The OpenAPI 3.1 document of API version ${version}, with the plans allowed to use each operation and webhook in \`x-ledgerline-plans\`: ${origin}${yaml} (JSON: ${origin}${json})`);
      }
      index.push('');
      for (const section of SECTIONS) {
        const routes = [...new Set(routesPaths)]
          .filter((r) => (r === section.prefix || r.startsWith(`${section.prefix}/`)) && !r.includes(':') && !section.exclude?.test(r))
          .sort();
        index.push(`## ${section.title}`, '');
        for (const route of routes) {
          const file = htmlFile(outDir, route);
          if (!file) continue;
          const page = htmlToMarkdown(readFileSync(file, 'utf8'), origin);
          const body = `# ${page.title}\n\nSource: ${origin}${route}\n\n${page.markdown.replace(/^# .*\n+/, '')}`;
          writeFileSync(join(outDir, `${route}.md`), body);
          full.push(body);
          index.push(`- [${page.title}](${origin}${route}.md)${page.description ? `: ${page.description}` : ''}`);
        }
        index.push('');
      }
      writeFileSync(join(outDir, 'llms.txt'), index.join('\n'));
      writeFileSync(join(outDir, 'llms-full.txt'), full.join('\n\n---\n\n'));
    },
  };
}
