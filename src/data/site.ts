/**
 * Site identity and every external address the site links to.
 * To point the site at other hosted services, change the URLs here: the navbar, footer,
 * landing page, success page and blog all read them from this module.
 */
export const SITE = {
  name: 'Ledgerline',
  tagline: 'White-label banking and accounting-integration APIs for growing businesses',
  /** Canonical public origin, used for sitemap, canonical URLs and OpenGraph cards. */
  url: 'https://ledgerline.example.com',
  partnerBadge: 'Official Xero Partner',
  contact: {
    salesEmail: 'sales@ledgerline.example.com',
    supportEmail: 'support@ledgerline.example.com',
    privacyEmail: 'privacy@ledgerline.example.com',
    legalEmail: 'legal@ledgerline.example.com',
    phone: '+1 (302) 555-0142',
    address: '1209 Orange Street, Wilmington, DE 19801, USA',
    hours: 'Sales: Monday to Friday, 9:00 to 18:00 ET. Support: 24/7.',
  },
} as const;

/** The accounting software provider we integrate with; `slug` is the `{accounting}` path segment. */
export const ACCOUNTING_PROVIDER = {
  name: 'Xero',
  slug: 'xero',
} as const;

/** External services. All links to them open with rel="noopener". */
export const EXTERNAL_LINKS = {
  /** Hosted authentication flow: Get Started, Continue to Account Setup. */
  authFlow: 'https://auth.ledgerline.example.com/signup',
  /** External subscription site: the GET SUBSCRIBE button. */
  subscribe: 'https://subscribe.ledgerline.example.com',
  helpCenter: 'https://help.ledgerline.example.com',
  newsletter: 'https://newsletter.ledgerline.example.com/subscribe',
  status: 'https://status.ledgerline.example.com',
  github: 'https://github.com/ledgerline',
  accountingProvider: 'https://www.xero.com',
} as const;

/** Base URL of the documented (sample) v1 API, distinct from the site's live /api. */
export const API_BASE_URL = 'https://api.ledgerline.example.com/v1';
export const API_VERSION = 'v1';
