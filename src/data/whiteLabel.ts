import { ACCOUNTING_PROVIDER } from './site';

/**
 * White-label options (spec section 9) and the configuration defaults (section 3).
 * The form, the live preview, the zod schema and the API server all read these lists.
 */
export const WHITE_LABEL_FONTS = ['Inter', 'Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins'] as const;
export type WhiteLabelFont = (typeof WHITE_LABEL_FONTS)[number];

export interface ColorPreset {
  name: string;
  primary: string;
  secondary: string;
  accent: string;
}

export const COLOR_PRESETS: readonly ColorPreset[] = [
  { name: 'Purple', primary: '#8080ff', secondary: '#6c6cff', accent: '#00ccff' },
  { name: 'Blue', primary: '#3b82f6', secondary: '#1d4ed8', accent: '#06b6d4' },
  { name: 'Green', primary: '#10b981', secondary: '#047857', accent: '#84cc16' },
  { name: 'Orange', primary: '#f97316', secondary: '#c2410c', accent: '#facc15' },
  { name: 'Red', primary: '#ef4444', secondary: '#b91c1c', accent: '#f97316' },
  { name: 'Indigo', primary: '#6366f1', secondary: '#4338ca', accent: '#a855f7' },
];

/**
 * Background themes. `value` is the stored token (Tailwind-style, as the spec's default);
 * `css` is the gradient the preview and the generated customCSS render.
 */
export const BACKGROUND_THEMES = [
  { name: 'Purple Night', value: 'from-slate-800 via-purple-800 to-slate-800', css: 'linear-gradient(135deg, #1e293b 0%, #6b21a8 50%, #1e293b 100%)' },
  { name: 'Ocean Blue', value: 'from-slate-900 via-blue-900 to-slate-900', css: 'linear-gradient(135deg, #0f172a 0%, #1e3a8a 50%, #0f172a 100%)' },
  { name: 'Forest Green', value: 'from-slate-900 via-green-900 to-slate-900', css: 'linear-gradient(135deg, #0f172a 0%, #14532d 50%, #0f172a 100%)' },
  { name: 'Sunset', value: 'from-orange-900 via-red-900 to-pink-900', css: 'linear-gradient(135deg, #7c2d12 0%, #7f1d1d 50%, #831843 100%)' },
  { name: 'Corporate', value: 'from-gray-900 via-gray-800 to-gray-900', css: 'linear-gradient(135deg, #111827 0%, #1f2937 50%, #111827 100%)' },
  { name: 'Midnight', value: 'from-black via-slate-900 to-black', css: 'linear-gradient(135deg, #000000 0%, #0f172a 50%, #000000 100%)' },
] as const;
export type BackgroundThemeValue = (typeof BACKGROUND_THEMES)[number]['value'];
export const BACKGROUND_THEME_VALUES = BACKGROUND_THEMES.map((t) => t.value) as [
  BackgroundThemeValue,
  ...BackgroundThemeValue[],
];

export const DEMO_ORGANIZATION_ID = 'org_demo_001';

export const WHITE_LABEL_DEFAULTS = {
  organizationId: DEMO_ORGANIZATION_ID,
  companyName: 'Your Company',
  domain: '',
  logoUrl: '',
  faviconUrl: '',
  primaryColor: '#8080ff',
  secondaryColor: '#6c6cff',
  accentColor: '#00ccff',
  backgroundGradient: 'from-slate-800 via-purple-800 to-slate-800',
  fontFamily: 'Inter',
  emailFromName: '',
  contactEmail: '',
  contactPhone: '',
  isActive: false,
} as const satisfies {
  backgroundGradient: BackgroundThemeValue;
  fontFamily: WhiteLabelFont;
  [key: string]: unknown;
};

/** 'Acme Bank Ltd' -> 'acme-bank-ltd-white-label-config.json' (spec section 5). */
export function whiteLabelConfigFileName(companyName: string): string {
  return `${companyName.toLowerCase().replace(/\s+/g, '-')}-white-label-config.json`;
}

/**
 * Sample content of the white-label live preview (a small banking dashboard). Illustrative
 * only: no real account. To change what the preview shows, edit these entries; amounts are
 * in the currency below, negative for money out.
 */
export const WHITE_LABEL_PREVIEW_SAMPLE = {
  greeting: 'Good morning, Jordan',
  customerInitials: 'JR',
  currency: 'USD',
  balance: 48_250.75,
  balanceLabel: 'Total balance',
  cardEnding: '4821',
  monthChange: '+2.4% this month',
  nav: ['Dashboard', 'Payments', 'Cards', 'Accounting'],
  actions: ['Send money', 'Request', `Sync to ${ACCOUNTING_PROVIDER.name}`],
  transactions: [
    { name: 'Invoice INV-0042 paid', detail: `Synced to ${ACCOUNTING_PROVIDER.name}`, amount: 1_250 },
    { name: 'Card payout', detail: 'Business checking', amount: 3_400 },
    { name: 'Cloud hosting', detail: 'Card ending 4821', amount: -212.4 },
    { name: 'Office supplies', detail: 'Card ending 4821', amount: -86.15 },
  ],
} as const;
