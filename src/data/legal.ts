/** Dates and numbers stated by /privacy and /terms. Both pages import them from here. */
export const LEGAL_DATES = {
  lastUpdated: '1 October 2024',
  effective: '1 October 2024',
  iso: '2024-10-01',
} as const;

export const PRIVACY = {
  retention: [
    { data: 'Account information', period: '7 years after account closure' },
    { data: 'Transaction records', period: '7 years' },
    { data: 'Identity verification', period: '5 years' },
    { data: 'Marketing preferences', period: 'Until consent is withdrawn' },
  ],
  rightsResponseDays: 30,
  securityClaims: [
    '256-bit encryption at rest',
    'TLS 1.3',
    'Multi-factor authentication (MFA)',
    'PCI DSS Level 1',
    'SOC 2 Type II',
    'ISO 27001',
    'GDPR',
  ],
} as const;

export const TERMS = {
  minimumAge: 18,
  billing: 'monthly in advance',
  feeChangeNoticeDays: 30,
  suspensionDaysPastDue: 10,
  deletionDaysAfterTermination: 90,
  liabilityCapMonths: 12,
  claimsWithinYears: 1,
  terminationNoticeDays: 30,
  updateNoticeDays: 30,
  governingLaw: 'Delaware',
  /** Fees are charged at the start of each monthly period and are not refunded. */
  feesRefundable: false,
} as const;

/**
 * Sections of /privacy and /terms, in the order the specification lists them.
 * `id` is the anchor (`/privacy#retention`) and the table-of-contents target; the pages
 * pair each id with its text, so a section added here without text fails the type check.
 */
export const PRIVACY_SECTIONS = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'information-we-collect', title: 'Information We Collect' },
  { id: 'how-we-use-information', title: 'How We Use Your Information' },
  { id: 'information-sharing', title: 'How We Share Information' },
  { id: 'data-security', title: 'Data Security' },
  { id: 'your-rights', title: 'Your Rights' },
  { id: 'cookies', title: 'Cookies and Similar Technologies' },
  { id: 'international-transfers', title: 'International Data Transfers' },
  { id: 'data-retention', title: 'Data Retention' },
  { id: 'contact', title: 'Contact Us' },
  { id: 'updates', title: 'Updates to This Policy' },
] as const;
export type PrivacySectionId = (typeof PRIVACY_SECTIONS)[number]['id'];

export const TERMS_SECTIONS = [
  { id: 'agreement', title: 'Agreement to These Terms' },
  { id: 'definitions', title: 'Definitions' },
  { id: 'registration-eligibility', title: 'Registration and Eligibility' },
  { id: 'use-of-services', title: 'Use of the Services' },
  { id: 'financial-services', title: 'Financial Services' },
  { id: 'fees', title: 'Fees and Payment' },
  { id: 'data-protection', title: 'Data Protection' },
  { id: 'intellectual-property', title: 'Intellectual Property' },
  { id: 'termination', title: 'Termination' },
  { id: 'liability', title: 'Limitation of Liability' },
  { id: 'governing-law', title: 'Governing Law and Disputes' },
  { id: 'general-provisions', title: 'General Provisions' },
  { id: 'updates', title: 'Updates to These Terms' },
  { id: 'contact', title: 'Contact Us' },
] as const;
export type TermsSectionId = (typeof TERMS_SECTIONS)[number]['id'];

/** "30 days", "12 months", "one year": the legal pages spell periods the same way everywhere. */
export function formatPeriod(n: number, unit: 'day' | 'month' | 'year'): string {
  return n === 1 ? `one ${unit}` : `${n} ${unit}s`;
}
