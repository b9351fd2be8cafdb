/**
 * Site identity and every external address the site links to.
 * To point the site at other hosted services, change the URLs here: the navbar, footer,
 * landing page, success page and blog all read them from this module.
 */
import { API_VERSION_NAMES } from './apiVersioning';

export const SITE = {
  name: 'Ledgerline',
  tagline: 'White-label banking and accounting-integration APIs for growing businesses',
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

/**
 * Host white-label custom domains point their CNAME at (one label per organization below it):
 * the hosted white-label platform's edge, like the services above, not this site's own address.
 */
export const WHITE_LABEL_EDGE_HOST = 'edge.ledgerline.example.com';

// The site's own address and the documented API's are the operator's: SITE_URL and API_BASE_URL,
// read at build time (src/domain/siteAddress.ts; pages read them with src/lib/useSiteAddresses).
/** The first API version's name, `v1`: the versions themselves are listed in src/data/apiVersioning.ts. */
export const API_VERSION = API_VERSION_NAMES[0];
