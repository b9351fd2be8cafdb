import { WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';

/** A complete, deployable configuration as the page posts it. */
export function completeConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...WHITE_LABEL_DEFAULTS,
    companyName: 'Acme Bank',
    domain: 'banking.acme.example',
    logoUrl: 'https://cdn.acme.example/logo.png',
    faviconUrl: 'https://cdn.acme.example/favicon.ico',
    emailFromName: 'Acme Banking',
    contactEmail: 'help@acme.example',
    contactPhone: '+1 (555) 010-0200',
    ...overrides,
  };
}
