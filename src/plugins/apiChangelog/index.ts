import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { addressesOfSiteConfig } from '../../domain/siteAddress';
import { computeChangelog, type ChangelogEntry } from './changelog';
import { changelogAtom, CHANGELOG_FEED_PATH } from './feed';

/**
 * The generated API changelog (./changelog.ts): its data for docs/guide/changelog.mdx, which
 * imports it as @generated/api-changelog/default/changelog.json, and its Atom feed, written
 * into the build like the blog's.
 */
export default function apiChangelogPlugin(context: LoadContext): Plugin {
  return {
    name: 'api-changelog',
    loadContent: async () => computeChangelog(),
    async contentLoaded({ content, actions }) {
      await actions.createData('changelog.json', JSON.stringify(content));
    },
    async postBuild({ outDir, content: loaded }) {
      // Docusaurus types a plugin's content as unknown where plugins are listed; loadContent made it.
      const content = loaded as ChangelogEntry[];
      const file = join(outDir, CHANGELOG_FEED_PATH);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, changelogAtom(content, addressesOfSiteConfig(context.siteConfig).siteUrl));
    },
  };
}
