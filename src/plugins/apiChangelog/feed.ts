/** The API changelog as an Atom feed: one entry per release, its computed changes in its content. */
import { SITE } from '../../data/site';
import type { ChangelogEntry } from './changelog';

export const CHANGELOG_PATH = '/documentation/changelog';
export const CHANGELOG_FEED_PATH = `${CHANGELOG_PATH}/atom.xml`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function changelogAtom(entries: readonly ChangelogEntry[], siteUrl: string): string {
  const page = `${siteUrl}${CHANGELOG_PATH}`;
  const updated = entries[0] ? `${entries[0].date}T00:00:00Z` : '1970-01-01T00:00:00Z';
  const item = (e: ChangelogEntry) => {
    const changes = e.changes.map((c) => `<li>${esc(`${c.kind}: ${c.description}`)}</li>`).join('');
    const html = `${e.context.map((p) => `<p>${esc(p)}</p>`).join('')}<ul>${changes}</ul>`;
    return [
      '  <entry>',
      `    <id>${esc(`${page}#${e.id}`)}</id>`,
      `    <title>${esc(`${e.version} (${e.date}): ${e.title}${e.breaking ? ' (breaking)' : ''}`)}</title>`,
      `    <link href="${esc(`${page}#${e.id}`)}"/>`,
      `    <updated>${e.date}T00:00:00Z</updated>`,
      `    <content type="html">${esc(html)}</content>`,
      '  </entry>',
    ].join('\n');
  };
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${esc(page)}</id>`,
    `  <title>${esc(`${SITE.name} API changelog`)}</title>`,
    `  <link href="${esc(page)}"/>`,
    `  <link rel="self" href="${esc(`${siteUrl}${CHANGELOG_FEED_PATH}`)}"/>`,
    `  <updated>${updated}</updated>`,
    ...entries.map(item),
    '</feed>',
    '',
  ].join('\n');
}
