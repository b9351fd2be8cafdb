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
} as const;
