/**
 * White-label rules shared by the admin page and the API server: the deploy checklist
 * (spec section 4), the generated custom CSS and export file (section 3), the colour pairs
 * checked for contrast and the DNS records a client creates for their domain.
 * Options and defaults themselves live in src/data/whiteLabel.ts.
 */
import { BACKGROUND_THEMES, WHITE_LABEL_DEFAULTS, WHITE_LABEL_FONTS, whiteLabelConfigFileName, type WhiteLabelFont } from '../data/whiteLabel';
import { SITE } from '../data/site';
import type { WhiteLabelConfig } from '../schemas/whiteLabel';
import { contrastRatio, readableTextShade, relativeLuminance, textColorOn } from './contrast';

// ---------------------------------------------------------------- deploy checklist

export type DeployStepId = 'configSaved' | 'domainSetup' | 'assetsUploaded' | 'platformDeployed';

export interface DeployStep {
  id: DeployStepId;
  label: string;
  description: string;
  done: boolean;
}

type ChecklistInput = Pick<WhiteLabelConfig, 'domain' | 'logoUrl' | 'faviconUrl'> & { id?: string | undefined; isActive?: boolean | undefined };

const filled = (v: string | undefined) => (v ?? '').trim() !== '';

/** The four steps of the spec, in order, computed from the configuration state. */
export function deployChecklist(c: ChecklistInput): DeployStep[] {
  return [
    { id: 'configSaved', label: 'Configuration Saved', description: 'Save your branding so it gets a configuration id.', done: filled(c.id) },
    { id: 'domainSetup', label: 'Domain Setup', description: 'Enter the domain your clients will use.', done: filled(c.domain) },
    { id: 'assetsUploaded', label: 'Assets Uploaded', description: 'Set both a logo URL and a favicon URL.', done: filled(c.logoUrl) && filled(c.faviconUrl) },
    { id: 'platformDeployed', label: 'Platform Deployed', description: 'Deploy to make the branded platform live.', done: c.isActive === true },
  ];
}

/** Steps 1 to 3 done and the platform not active yet: the only state the deploy button is enabled in. */
export function canDeploy(c: ChecklistInput): boolean {
  const [saved, domain, assets] = deployChecklist(c);
  return Boolean(saved?.done && domain?.done && assets?.done) && c.isActive !== true;
}

/**
 * What a stored configuration lacks before it can be deployed (steps 2 and 3), as field errors.
 * The server answers these with a 400; the page shows the same wording.
 */
export function missingForDeploy(c: Pick<WhiteLabelConfig, 'domain' | 'logoUrl' | 'faviconUrl'>): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!filled(c.domain)) missing.domain = 'A domain is required before deploying';
  if (!filled(c.logoUrl)) missing.logoUrl = 'A logo URL is required before deploying';
  if (!filled(c.faviconUrl)) missing.faviconUrl = 'A favicon URL is required before deploying';
  return missing;
}

// ---------------------------------------------------------------- fonts and backgrounds

/** CSS font stack: the self-hosted family first, then system fallbacks with similar metrics. */
export function fontStack(font: WhiteLabelFont | string): string {
  const family = (WHITE_LABEL_FONTS as readonly string[]).includes(font) ? font : WHITE_LABEL_DEFAULTS.fontFamily;
  return `'${family}', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;
}

export function backgroundTheme(value: string) {
  return BACKGROUND_THEMES.find((t) => t.value === value) ?? BACKGROUND_THEMES[0];
}

/** The hex stops of a theme's gradient, e.g. ['#1e293b', '#6b21a8', '#1e293b']. */
export function backgroundStops(value: string): string[] {
  return [...backgroundTheme(value).css.matchAll(/#[0-9a-f]{6}/gi)].map((m) => m[0].toLowerCase());
}

// ---------------------------------------------------------------- contrast pairs

export interface ColorPair {
  /** The colour field the warning sits beside. */
  field: 'primaryColor' | 'secondaryColor' | 'accentColor';
  label: string;
  foreground: string;
  background: string;
  ratio: number;
}

/**
 * The text colours the branded platform uses on the client's own colours, each chosen to meet
 * WCAG AA (src/lib/contrast.ts): on the primary and secondary fills, on the primary→secondary
 * gradient, and the accent as text on the page background (the accent itself when it passes,
 * else its nearest passing shade). Shared by the live preview and the generated custom CSS.
 */
export interface BrandInks {
  onPrimary: string;
  onSecondary: string;
  onGradient: string;
  accentText: string;
}

export function brandInks(c: Pick<WhiteLabelConfig, 'primaryColor' | 'secondaryColor' | 'accentColor' | 'backgroundGradient'>): BrandInks {
  return {
    onPrimary: textColorOn(c.primaryColor),
    onSecondary: textColorOn(c.secondaryColor),
    onGradient: textColorOn([c.primaryColor, c.secondaryColor]),
    accentText: readableTextShade(c.accentColor, backgroundStops(c.backgroundGradient)),
  };
}

/**
 * The text/background pairs the branded platform actually renders, with the text colour the
 * theme picks: on primary buttons, on the secondary end of the balance card, and accent text on
 * the page background (checked against its lightest stop, the worst case).
 */
export function colorPairs(c: Pick<WhiteLabelConfig, 'primaryColor' | 'secondaryColor' | 'accentColor' | 'backgroundGradient'>): ColorPair[] {
  const stops = backgroundStops(c.backgroundGradient);
  const lightest = stops.reduce((a, b) => (relativeLuminance(b) > relativeLuminance(a) ? b : a), stops[0] ?? '#000000');
  const ink = brandInks(c);
  return [
    { field: 'primaryColor', label: 'Text on primary', foreground: ink.onPrimary, background: c.primaryColor, ratio: contrastRatio(ink.onPrimary, c.primaryColor) },
    { field: 'secondaryColor', label: 'Text on secondary', foreground: ink.onSecondary, background: c.secondaryColor, ratio: contrastRatio(ink.onSecondary, c.secondaryColor) },
    { field: 'accentColor', label: 'Accent text on background', foreground: ink.accentText, background: lightest, ratio: contrastRatio(ink.accentText, lightest) },
  ];
}

// ---------------------------------------------------------------- custom CSS and export file

const rgbList = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ');
// The company name goes into a CSS comment: never let it close the comment.
const safeComment = (s: string) => s.replace(/\*\//g, '* /').replace(/[\r\n]+/g, ' ');

/**
 * The CSS is meant for a `<style>` element, where the HTML parser ends the element at the first
 * `</style` whatever CSS thinks of it. `\3c ` is `<` to CSS (in a comment it is inert text), so
 * no `</style`, `<script` or `<!--` can appear however a value is spelled.
 */
const safeInStyleElement = (css: string) => css.replaceAll('<', '\\3c ');

/** CSS custom properties plus font and background rules a client drops into their platform. */
export function generateCustomCSS(c: WhiteLabelConfig): string {
  const theme = backgroundTheme(c.backgroundGradient);
  const ink = brandInks(c);
  return safeInStyleElement([
    `/* White-label theme for ${safeComment(c.companyName)}, generated by ${SITE.name} */`,
    ':root {',
    `  --wl-primary: ${c.primaryColor};`,
    `  --wl-primary-rgb: ${rgbList(c.primaryColor)};`,
    `  --wl-secondary: ${c.secondaryColor};`,
    `  --wl-secondary-rgb: ${rgbList(c.secondaryColor)};`,
    `  --wl-accent: ${c.accentColor};`,
    `  --wl-accent-rgb: ${rgbList(c.accentColor)};`,
    '  /* Text colours that meet WCAG AA on the colours above, picked for this theme. */',
    `  --wl-on-primary: ${ink.onPrimary};`,
    `  --wl-on-secondary: ${ink.onSecondary};`,
    `  --wl-on-gradient: ${ink.onGradient};`,
    `  --wl-accent-text: ${ink.accentText};`,
    `  --wl-font-family: ${fontStack(c.fontFamily)};`,
    `  --wl-background: ${theme.css}; /* ${theme.name} */`,
    '}',
    '',
    'body {',
    '  font-family: var(--wl-font-family);',
    '  background: var(--wl-background);',
    '  background-attachment: fixed;',
    '  color: #ffffff;',
    '}',
    '',
    '.wl-btn-primary { background-color: var(--wl-primary); color: var(--wl-on-primary); }',
    '.wl-btn-secondary { background-color: var(--wl-secondary); color: var(--wl-on-secondary); }',
    '.wl-accent { color: var(--wl-accent-text); }',
    'a { color: var(--wl-accent-text); }',
    '.wl-card-highlight { background-image: linear-gradient(135deg, var(--wl-primary), var(--wl-secondary)); color: var(--wl-on-gradient); }',
    '',
  ].join('\n'));
}

export type WhiteLabelExport = WhiteLabelConfig & { customCSS: string; generatedAt: string };

/** The downloaded file's content: the configuration plus customCSS and generatedAt (ISO time). */
export function buildExport(c: WhiteLabelConfig, now: Date = new Date()): WhiteLabelExport {
  return { ...c, customCSS: generateCustomCSS(c), generatedAt: now.toISOString() };
}

export function exportFile(c: WhiteLabelConfig, now: Date = new Date()): { name: string; json: string } {
  return { name: whiteLabelConfigFileName(c.companyName), json: `${JSON.stringify(buildExport(c, now), null, 2)}\n` };
}

// ---------------------------------------------------------------- DNS

/** Hostname clients point their CNAME at, on the platform's own domain. */
export const EDGE_HOST = `edge.${new URL(SITE.url).hostname}`;

export interface DnsRecord {
  type: 'CNAME' | 'TXT';
  name: string;
  value: string;
  purpose: string;
}

// FNV-1a: a stable, synchronous token (same in browser and server); it proves control of
// the domain by being published there, it is not a secret.
function fnv1a(s: string, seed = 0x811c9dc5): string {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

export function verificationToken(organizationId: string, domain: string): string {
  const key = `${organizationId}:${domain.trim().toLowerCase()}`;
  return `${fnv1a(key)}${fnv1a(key, 0x9747b28c)}${fnv1a(key, 0x1b873593)}`;
}

/** True for a registrable apex like example.com, where most DNS hosts refuse a CNAME. */
export function isApexDomain(domain: string): boolean {
  return domain.trim().split('.').filter(Boolean).length <= 2;
}

export function dnsRecords(organizationId: string, domain: string): DnsRecord[] {
  const d = domain.trim().toLowerCase();
  const target = `${organizationId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.${EDGE_HOST}`;
  const brand = SITE.name.toLowerCase();
  return [
    { type: 'CNAME', name: d, value: target, purpose: 'Routes your domain to your branded platform.' },
    { type: 'TXT', name: `_${brand}-verification.${d}`, value: `${brand}-verification=${verificationToken(organizationId, d)}`, purpose: 'Proves you control the domain so we can issue its TLS certificate.' },
  ];
}
