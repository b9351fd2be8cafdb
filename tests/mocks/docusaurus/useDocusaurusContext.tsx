export default function useDocusaurusContext() {
  return { siteConfig: { title: 'Ledgerline', tagline: '', url: 'http://localhost', baseUrl: '/', customFields: {} } };
}
