/**
 * The support page's copy: its figures, contact channels, self-service links and FAQ. Only the
 * site shows these; the ids, labels and response times the API shares are in ./support.ts.
 */
import { CLAIMS } from './claims';
import { PRIVACY } from './legal';
import { formatLimit, PLAN_LIMITS } from './limits';
import { formatPrice, getPlan, PLANS } from './plans';
import { ACCOUNTING_PROVIDER, EXTERNAL_LINKS, SITE } from './site';
import { formatResponseTime, SUPPORT_DEFAULTS, SUPPORT_PRIORITIES } from './support';
import { BACKGROUND_THEMES, COLOR_PRESETS, WHITE_LABEL_FONTS } from './whiteLabel';

export const SUPPORT_STATS = [
  { value: '99.9%', label: 'Customer satisfaction' },
  { value: '< 30 min', label: 'Average response time' },
  { value: CLAIMS.support, label: 'Support availability' },
  { value: '50+', label: 'Support team members' },
] as const;

/**
 * The three contact cards at the top of /support. There is no live-chat backend of our own:
 * the chat card sends people to the hosted help center, where the chat lives.
 */
export interface SupportChannel {
  id: 'phone' | 'email' | 'chat';
  title: string;
  description: string;
  action: { label: string; href: string; external?: boolean };
  availability: string;
}

export const SUPPORT_CHANNELS: readonly SupportChannel[] = [
  {
    id: 'phone',
    title: 'Phone Support',
    description: 'Talk to an engineer about an outage, a failed payment or anything urgent.',
    action: { label: SITE.contact.phone, href: `tel:${SITE.contact.phone.replace(/[^+\d]/g, '')}` },
    availability: `${CLAIMS.support} hotline`,
  },
  {
    id: 'email',
    title: 'Email Support',
    description: 'Write to us with logs, request ids or screenshots attached.',
    action: { label: SITE.contact.supportEmail, href: `mailto:${SITE.contact.supportEmail}` },
    availability: `Reply within ${formatResponseTime(SUPPORT_PRIORITIES[SUPPORT_DEFAULTS.priority].responseHours)}`,
  },
  {
    id: 'chat',
    title: 'Live Chat',
    description: 'Chat with the support team from the Help Center, or open a ticket below.',
    action: { label: 'Open Help Center chat', href: EXTERNAL_LINKS.helpCenter, external: true },
    availability: `${CLAIMS.support} in the Help Center`,
  },
];

/** Self-service links beside the ticket form, for answers that need no ticket. */
export const SUPPORT_RESOURCES: readonly { label: string; description: string; href: string; external?: boolean }[] = [
  { label: 'Documentation', description: 'Installation, security and plan limits', href: '/documentation' },
  { label: 'API reference', description: 'Endpoints, webhooks and error codes', href: '/api-docs' },
  { label: 'System status', description: 'Live uptime and incident history', href: EXTERNAL_LINKS.status, external: true },
  { label: 'Help Center', description: 'Guides, answers and live chat', href: EXTERNAL_LINKS.helpCenter, external: true },
];

/**
 * The six FAQ entries of the spec, in its order. Answers are paragraphs of plain text built
 * from the plan, limit and claim data, so a changed price or limit updates the FAQ too.
 * To add an entry, give it a unique kebab-case `id` (it becomes the anchor /support#faq-<id>).
 *
 * Each paragraph is ONE template literal on purpose: the production minifier (@docusaurus/faster,
 * SWC) miscompiled a template literal that embeds a constant and is joined with `+` to another
 * literal (the text after the constant vanished), which broke hydration. Keep long lines.
 */
export interface SupportFaqEntry {
  id: string;
  question: string;
  answer: readonly string[];
  link?: { label: string; href: string };
}

const starter = getPlan('starter');
const business = getPlan('business');
const enterprise = getPlan('enterprise');
const provider = ACCOUNTING_PROVIDER.name;

function planSummary(id: 'starter' | 'business' | 'enterprise'): string {
  const plan = getPlan(id);
  const l = PLAN_LIMITS[id];
  const per = (v: number | null, what: string) => (v === null ? `unlimited ${what}` : `${formatLimit(v)} ${what}`);
  return (
    `${plan.name} (${formatPrice(plan)}${plan.period}): ${per(l.transactionsPerMonth, 'transactions')} and ${per(l.apiCallsPerMonth, 'API calls')} a month, ${per(l.webhooks, l.webhooks === 1 ? 'webhook' : 'webhooks')}, ${l.rateLimitPerMinute.toLocaleString('en-US')} requests per minute, ${l.support.toLowerCase()}.`
  );
}

export const SUPPORT_FAQ: readonly SupportFaqEntry[] = [
  {
    id: 'getting-started',
    question: 'How do I get started?',
    answer: [
      `Choose a plan on the pricing section (from ${formatPrice(starter)}${starter.period}), complete the checkout, then continue to account setup in the hosted authentication flow. Enter the setup password shown in the documentation when asked.`,
      `Once your account is ready, create your API keys, connect your ${provider} organization and make your first call. The documentation walks through the three installation steps: registration and authentication, subscription configuration and ${provider} integration.`,
    ],
    link: { label: 'Read the installation guide', href: '/documentation' },
  },
  {
    id: 'subscription-contents',
    question: 'What is included in my subscription?',
    answer: [
      `Every plan includes banking APIs, hosted authentication and the ${provider} integration, billed monthly.`,
      ...PLANS.map((p) => planSummary(p.id)),
    ],
    link: { label: 'Compare plans', href: '/#pricing' },
  },
  {
    id: 'data-security',
    question: 'How secure is my data?',
    answer: [
      `Data is protected with ${CLAIMS.encryption} encryption at rest and TLS 1.3 in transit, accounts use multi-factor authentication, and the platform is ${CLAIMS.compliance} compliant.`,
      `The full list of our security and compliance commitments, as in our privacy policy: ${PRIVACY.securityClaims.join(', ')}. API calls are authenticated with your API key, and webhook requests are signed with HMAC-SHA256 so you can verify they come from us.`,
    ],
    link: { label: 'Read the security documentation', href: '/documentation' },
  },
  {
    id: 'existing-accounting-organisation',
    question: `Can I connect my existing ${provider} organization?`,
    answer: [
      `Yes. As an official ${provider} partner we connect to your existing ${provider} organization through ${provider}'s own authorization screen: you approve access once, and your contacts, invoices and reports stay where they are.`,
      `${starter.name} includes the basic integration with invoices from the last ${PLAN_LIMITS.starter.invoiceWindowDays} days (up to ${PLAN_LIMITS.starter.invoicesPerRequest} per request). ${business.name} and ${enterprise.name} add full sync, up to ${PLAN_LIMITS.business.invoicesPerRequest.toLocaleString('en-US')} invoices per request, and ${enterprise.name} connects several organizations at once.`,
    ],
    link: { label: 'See the accounting integration API', href: '/api-docs#xero' },
  },
  {
    id: 'transaction-fees',
    question: 'What are the transaction fees?',
    answer: [
      `Transaction fees start at ${CLAIMS.transactionFee} per transaction, on top of your monthly plan, and customers save up to ${CLAIMS.savings} compared with traditional banking.`,
      `Each plan includes a monthly transaction volume: ${PLANS.map(
        (p) => `${formatLimit(PLAN_LIMITS[p.id].transactionsPerMonth).toLowerCase()} on ${p.name}`,
      ).join(', ')}.`,
    ],
    link: { label: 'Compare plans', href: '/#pricing' },
  },
  {
    id: 'white-label',
    question: `Is white label available on the ${enterprise.name} plan?`,
    answer: [
      `Yes. White label is part of the ${enterprise.name} plan (${formatPrice(enterprise)}${enterprise.period}). You run the platform under your own company name, domain, logo and favicon, with your email sender and contact details.`,
      `The white-label admin tool offers ${COLOR_PRESETS.length} color presets, ${BACKGROUND_THEMES.length} background themes and ${WHITE_LABEL_FONTS.length} fonts (${WHITE_LABEL_FONTS.join(', ')}), a live preview and one-click deployment. The White Label API lets you configure and deploy it from code.`,
    ],
    link: { label: 'Open the white-label tool', href: '/white-label' },
  },
];
