// A near-empty stock Docusaurus classic site: the reference page `npm run bench` scores our
// pages against in the same run. Keep it stock (no custom CSS, no plugins beyond the preset)
// so its score tracks the framework and the machine, not our choices.
/** @type {import('@docusaurus/types').Config} */
module.exports = {
  title: 'Stock Docusaurus',
  tagline: 'Reference page for the benchmark',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  // Same bundler as the real site, so build speed is not a confounder in the comparison.
  future: { v4: true, faster: true },
  onBrokenLinks: 'throw',
  i18n: { defaultLocale: 'en', locales: ['en'] },
  presets: [['classic', { docs: false, blog: false }]],
  themeConfig: {
    navbar: { title: 'Stock Docusaurus' },
    footer: { style: 'dark', copyright: 'Stock Docusaurus footer' },
  },
};
