/**
 * Copy of the landing page (/), section by section, in the spec's order:
 * hero, why-us, features grid (6 cards), guide articles, services, pricing, statistics, contact.
 * Prices and plan features come from plans.ts, figures from claims.ts: interpolate CLAIMS here,
 * never retype a number. To add a card, append an entry to the matching array; `icon` must be
 * one of LANDING_ICONS (drawn by src/components/Icon).
 */
import { ACCOUNTING_PROVIDER as XERO, SITE } from './site';
import { CLAIMS } from './claims';
import { CONTACT_RESPONSE_HOURS } from './timings';

export const LANDING_ICONS = [
  'bank',
  'sync',
  'lock',
  'palette',
  'bolt',
  'shield',
  'code',
  'globe',
  'chart',
  'support',
  'piggy',
  'percent',
] as const;
export type LandingIcon = (typeof LANDING_ICONS)[number];

/** Section ids: the navbar's /#services, /#features, /#pricing, /#contact scroll to these. */
export const LANDING_SECTION_IDS = {
  whyUs: 'why-us',
  features: 'features',
  guides: 'guides',
  services: 'services',
  pricing: 'pricing',
  stats: 'statistics',
  contact: 'contact',
} as const;

export const LANDING_HERO = {
  eyebrow: SITE.partnerBadge,
  title: `Banking and ${XERO.name} integration APIs, under your brand`,
  lead:
    `Open accounts, move money and keep every transaction reconciled in ${XERO.name}, through one API. ` +
    `Launch in days with hosted authentication, or run the whole platform as your own with white label.`,
  /** Labels of the two external calls to action (spec texts). */
  subscribeLabel: 'GET SUBSCRIBE',
  getStartedLabel: 'Get Started',
  trust: [`${CLAIMS.clients} clients`, `${CLAIMS.uptime} uptime`, CLAIMS.compliance, `${CLAIMS.encryption} encryption`],
} as const;

/** The illustrative dashboard beside the hero text: sample figures, not live data. */
export const LANDING_HERO_PREVIEW = {
  account: 'Operating account · USD',
  balance: '$248,930.12',
  change: '+12.4% this month',
  syncLabel: `Synced with ${XERO.name} · just now`,
  transactions: [
    { name: 'Card payout', detail: 'Payments', amount: '+$12,400.00', status: 'Completed', incoming: true },
    { name: 'Cloud hosting', detail: 'Software', amount: '−$2,318.40', status: 'Completed', incoming: false },
    { name: 'Invoice INV-0042', detail: `Matched in ${XERO.name}`, amount: '+$4,750.00', status: 'Pending', incoming: true },
  ],
} as const;

export interface LandingCard {
  icon: LandingIcon;
  title: string;
  text: string;
}

export const LANDING_WHY_US = {
  title: `Why teams choose ${SITE.name}`,
  lead: 'Everything a finance product needs, without building a bank or an accounting connector yourself.',
  items: [
    {
      icon: 'piggy',
      title: `Save up to ${CLAIMS.savings}`,
      text: `Save up to ${CLAIMS.savings} versus traditional banking: no setup fees, no minimum balances, one monthly plan.`,
    },
    {
      icon: 'percent',
      title: `${CLAIMS.transactionFee} transaction fee`,
      text: `Transaction fees start at ${CLAIMS.transactionFee}, so margins stay yours as volume grows.`,
    },
    {
      icon: 'shield',
      title: 'Bank-grade security',
      text: `${CLAIMS.encryption} encryption at rest, TLS in transit and ${CLAIMS.compliance} compliant card handling.`,
    },
    {
      icon: 'support',
      title: `${CLAIMS.support} support`,
      text: `Engineers who know banking and ${XERO.name} answer around the clock, ${CLAIMS.support}.`,
    },
  ] satisfies LandingCard[],
} as const;

export const LANDING_FEATURES = {
  title: 'One platform, every money movement',
  lead: 'The building blocks behind modern business banking, ready to call from your product.',
  items: [
    {
      icon: 'bank',
      title: 'Business accounts',
      text: 'Create checking, savings and business accounts in USD, EUR or GBP with live balances.',
    },
    {
      icon: 'bolt',
      title: 'Real-time payments',
      text: 'Send and receive payments and transfers with instant status updates and clear fees.',
    },
    {
      icon: 'sync',
      title: `Automatic ${XERO.name} reconciliation`,
      text: `Every bank transaction lands in the right ${XERO.name} organization, categorized and matched to invoices.`,
    },
    {
      icon: 'lock',
      title: 'Hosted authentication',
      text: 'A ready-made sign-up and login flow with MFA, so you never store a password.',
    },
    {
      icon: 'code',
      title: 'Webhooks and OpenAPI',
      text: 'Signed webhooks for every event, and an OpenAPI document to generate a typed client in the language your team already uses.',
    },
    {
      icon: 'chart',
      title: 'Reports and insights',
      text: `Profit and loss, cash flow and invoice status from ${XERO.name}, next to live banking data.`,
    },
  ] satisfies LandingCard[],
} as const;

export interface GuideArticle {
  category: string;
  title: string;
  excerpt: string;
  readMinutes: number;
  to: string;
}

export const LANDING_GUIDES = {
  title: 'Guides to get you live',
  lead: 'Short, practical articles from our integration engineers.',
  items: [
    {
      category: 'Getting started',
      title: 'From subscription to your first API call',
      excerpt: 'Register, configure your subscription and make an authenticated request in under fifteen minutes.',
      readMinutes: 6,
      to: '/documentation#installation',
    },
    {
      category: 'Accounting integration',
      title: `Connecting a ${XERO.name} organization`,
      excerpt: `Walk through the OAuth connection, choose a tenant and sync invoices and bank transactions both ways.`,
      readMinutes: 8,
      to: '/documentation/xero-integration',
    },
    {
      category: 'Security',
      title: 'Securing your integration',
      excerpt: 'API keys, webhook signatures and the controls that keep customer money and data safe.',
      readMinutes: 5,
      to: '/documentation#security',
    },
  ] satisfies GuideArticle[],
} as const;

export interface Service {
  icon: LandingIcon;
  title: string;
  text: string;
  points: readonly string[];
  link: { label: string; to: string };
}

export const LANDING_SERVICES = {
  title: 'Our services',
  lead: 'Four services that work on their own and even better together.',
  items: [
    {
      icon: 'bank',
      title: 'Banking APIs',
      text: 'Accounts, transactions and payments behind one consistent REST API.',
      points: ['Multi-currency accounts', 'Transfers and card payments', 'Idempotent, versioned endpoints'],
      link: { label: 'Banking API reference', to: '/api-docs#banking' },
    },
    {
      icon: 'sync',
      title: `${XERO.name} integration`,
      text: `As an official ${XERO.name} partner we keep books and bank in step automatically.`,
      points: ['Invoice and contact sync', 'Automatic categorization', 'Profit and loss reports'],
      link: { label: `${XERO.name} API reference`, to: `/api-docs#${XERO.slug}` },
    },
    {
      icon: 'lock',
      title: 'Hosted authentication',
      text: 'Sign-up, login and token refresh handled by us, styled to match your product.',
      points: ['OAuth 2.0 and bearer tokens', 'Multi-factor authentication', 'Role-based permissions'],
      link: { label: 'Authentication API', to: '/api-docs#auth' },
    },
    {
      icon: 'palette',
      title: 'White-label banking',
      text: 'Offer banking under your own name, domain, colors and emails.',
      points: ['Your domain and logo', 'Custom color themes', 'Multi-organization support'],
      link: { label: 'White-label guide', to: '/documentation#white-label' },
    },
  ] satisfies Service[],
} as const;

export const LANDING_PRICING = {
  title: 'Simple, transparent pricing',
  lead: 'One monthly price per plan. Upgrade or downgrade whenever your volume changes.',
  popularBadge: 'Most Popular',
  chooseLabel: 'Choose Plan',
  note: `All plans include ${CLAIMS.encryption} encryption, ${CLAIMS.compliance} compliance and ${CLAIMS.uptime} uptime.`,
} as const;

export const LANDING_STATS_COPY = {
  title: 'Trusted by finance teams everywhere',
} as const;

export const LANDING_CONTACT = {
  title: 'Talk to our sales team',
  lead: 'Tell us about your product and we will help you pick the right plan and integration path.',
  responsePromise: `We'll get back to you within ${CONTACT_RESPONSE_HOURS} hours.`,
  sendLabel: 'Send Message',
  sendingLabel: 'Sending...',
  /** Why Send is disabled (spec §5: until name, email and message are filled in). */
  sendHint: 'Fill in your name, email and message to send.',
  successTitle: 'Message sent',
  successText: `Thank you for reaching out. We'll get back to you within ${CONTACT_RESPONSE_HOURS} hours.`,
  againLabel: 'Send Another Message',
  /** The spec's fallback when the server gives no error text. */
  failedMessage: 'Failed to send message',
} as const;

export const CHECKOUT_COPY = {
  title: 'Complete your subscription',
  demoNotice: 'Demo payment system: no card is charged and no money moves.',
  submitLabel: 'Complete Purchase',
  submittingLabel: 'Processing...',
  processingMessage: 'Processing payment... Please wait.',
  /** The spec's fallback when the server gives no error text. */
  failedMessage: 'Checkout failed',
} as const;
