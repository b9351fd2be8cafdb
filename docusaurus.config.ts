import type * as Preset from '@docusaurus/preset-classic';
import type { Config } from '@docusaurus/types';
import { PLANS } from './src/data/plans';
import { EXTERNAL_LINKS, SITE } from './src/data/site';
import { resolveSiteAddresses } from './src/domain/siteAddress';
import { darkCodeTheme, lightCodeTheme } from './src/lib/prismThemes';
import planRoutesPlugin from './src/plugins/planRoutes';
import devProxyPlugin from './src/plugins/devProxy';
import llmsTxtPlugin from './src/plugins/llmsTxt';
import precompressPlugin from './src/plugins/precompress';
import siteAddressFilesPlugin from './src/plugins/siteAddressFiles';
import lazyPrismLanguagesPlugin from './src/plugins/lazyPrismLanguages';
import searchIndexPlugin from './src/plugins/searchIndex';
import apiChangelogPlugin from './src/plugins/apiChangelog';
import { serverNodeFlags } from './scripts/buildServer';

// SITE_URL and API_BASE_URL, validated as the server validates them (a bad value fails the build
// with the same message); unset SITE_URL is http://localhost:PORT, where `npm start` serves.
const addresses = resolveSiteAddresses(process.env);

const config: Config = {
  title: SITE.name,
  tagline: SITE.tagline,
  favicon: 'img/favicon.svg',
  url: addresses.siteUrl,
  baseUrl: '/',
  trailingSlash: false,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'throw',
  future: { v4: true, faster: true },
  markdown: { hooks: { onBrokenMarkdownLinks: 'throw' } },
  i18n: { defaultLocale: 'en', locales: ['en'] },
  // The server's Node flags, as package.json's start gives them: the Operations page shows the heap caps.
  customFields: { apiBaseUrl: addresses.apiBaseUrl, serverNodeFlags: serverNodeFlags() },
  clientModules: ['./src/clientModules/codeBlocks.ts', './src/clientModules/collation.ts'],
  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs/guide',
          routeBasePath: 'documentation',
          sidebarPath: './sidebars.ts',
        },
        blog: {
          path: 'blog',
          routeBasePath: 'blog',
          blogTitle: `${SITE.name} Blog`,
          blogDescription:
            'Practical guides to white-label banking, the Xero integration, API security, webhooks and compliance, from the team that builds the platform.',
          showReadingTime: true,
          blogSidebarCount: 0,
          postsPerPage: 'ALL',
          feedOptions: { type: ['rss', 'atom'], xslt: false, copyright: `Copyright © ${new Date().getFullYear()} ${SITE.name}` },
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'ignore',
        },
        theme: { customCss: './src/css/custom.css' },
        sitemap: { ignorePatterns: ['/api-docs/:planId', '/white-label', '/success'] },
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'api',
        path: 'docs/api',
        routeBasePath: 'api-docs',
        sidebarPath: './sidebars.api.ts',
      },
    ],
    planRoutesPlugin,
    devProxyPlugin,
    llmsTxtPlugin,
    siteAddressFilesPlugin,
    precompressPlugin,
    lazyPrismLanguagesPlugin,
    searchIndexPlugin,
    apiChangelogPlugin,
  ],
  themeConfig: {
    image: 'img/social-card.png',
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },
    metadata: [{ name: 'twitter:card', content: 'summary_large_image' }],
    navbar: {
      title: SITE.name,
      logo: { alt: `${SITE.name} logo`, src: 'img/logo.svg', width: 32, height: 32 },
      hideOnScroll: false,
      items: [
        { to: '/#services', label: 'Services', position: 'left', activeBaseRegex: '^$' },
        { to: '/#features', label: 'Features', position: 'left', activeBaseRegex: '^$' },
        { to: '/#pricing', label: 'Pricing', position: 'left', activeBaseRegex: '^$' },
        { to: '/#contact', label: 'Contact', position: 'left', activeBaseRegex: '^$' },
        { to: '/documentation', label: 'Docs', position: 'left', activeBasePath: 'documentation' },
        { to: '/api-docs', label: 'API', position: 'left', activeBasePath: 'api-docs' },
        { to: '/support', label: 'Support', position: 'left' },
        { to: '/white-label', label: 'White Label', position: 'left' },
        { type: 'search', position: 'right' },
        {
          href: EXTERNAL_LINKS.authFlow,
          label: 'Get Started',
          position: 'right',
          className: 'navbar__get-started',
        },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Product',
          items: [
            { label: 'Banking API', to: '/api-docs#banking' },
            { label: 'Xero Integration', to: '/api-docs#xero' },
            { label: 'Security', to: '/documentation#security' },
            { label: 'White Label', to: '/documentation#white-label' },
          ],
        },
        {
          title: 'API Reference',
          items: [
            // One link per plan: a new plan gets its footer link with its page.
            ...PLANS.map((p) => ({ label: `${p.name} API`, to: `/api-docs/${p.id}` })),
            { label: 'Blog', to: '/blog' },
          ],
        },
        {
          title: 'Company',
          items: [
            { label: 'Support', to: '/support' },
            { label: 'Privacy Policy', to: '/privacy' },
            { label: 'Terms of Service', to: '/terms' },
          ],
        },
        {
          title: 'Resources',
          items: [
            { label: 'Help Center', href: EXTERNAL_LINKS.helpCenter },
            { label: 'System Status', href: EXTERNAL_LINKS.status },
            { label: 'GitHub', href: EXTERNAL_LINKS.github },
            { label: 'Xero', href: EXTERNAL_LINKS.accountingProvider },
          ],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} ${SITE.name}. ${SITE.partnerBadge}. Xero is a trademark of Xero Limited.`,
    },
    prism: {
      // GitHub and Dracula with the token colours that missed WCAG AA adjusted (src/lib/prismThemes.ts).
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      // json and python ship with prism-react-renderer; loading them again redefines their grammars.
      additionalLanguages: ['bash'],
    },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  } satisfies Preset.ThemeConfig,
};

export default config;
