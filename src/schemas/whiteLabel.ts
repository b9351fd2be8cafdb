import { z } from 'zod';
import { BACKGROUND_THEME_VALUES, WHITE_LABEL_FONTS } from '../data/whiteLabel';
import { MAX, optionalLine, PHONE_ERROR, PHONE_PATTERN, requiredLine } from './common';

// Stored lowercase so equal colors compare equal (unchanged saves, contrast cache, exports).
const hexColor = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: `${label} must be a hex color like #8080ff` })
    .toLowerCase();

/** Empty means "not set yet"; anything else must be an https URL. */
const optionalHttpsUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(MAX.url, { error: `${label} must be at most ${MAX.url} characters` })
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/i.test(v) && URL.canParse(v), {
      error: `${label} must be an https:// URL`,
    });

const DOMAIN = /^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i;

export const whiteLabelConfigSchema = z.strictObject({
  // The client posts the full configuration it holds; the server assigns id and isActive itself.
  id: z.string({ error: 'id must be text' }).max(64, { error: 'id must be at most 64 characters' }).optional(),
  organizationId: z
    .string({ error: 'Organization ID is required' })
    .trim()
    .min(1, { error: 'Organization ID is required' })
    .max(64, { error: 'Organization ID must be at most 64 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Organization ID is not valid' }),
  companyName: requiredLine('Company name', MAX.company),
  // DNS names are case-insensitive: store them lowercase so the DNS records and checks agree.
  domain: z
    .string({ error: 'Domain must be text' })
    .trim()
    .max(MAX.domain, { error: `Domain must be at most ${MAX.domain} characters` })
    .refine((v) => v === '' || DOMAIN.test(v), { error: 'Domain must be a domain name like banking.example.com' })
    .toLowerCase(),
  logoUrl: optionalHttpsUrl('Logo URL'),
  faviconUrl: optionalHttpsUrl('Favicon URL'),
  primaryColor: hexColor('Primary color'),
  secondaryColor: hexColor('Secondary color'),
  accentColor: hexColor('Accent color'),
  backgroundGradient: z.enum(BACKGROUND_THEME_VALUES, { error: 'Please choose one of the background themes' }),
  fontFamily: z.enum(WHITE_LABEL_FONTS, { error: 'Please choose one of the fonts' }),
  emailFromName: optionalLine('Email from name', MAX.name).default(''),
  contactEmail: z
    .string({ error: 'Contact email must be text' })
    .trim()
    .max(MAX.email, { error: `Contact email must be at most ${MAX.email} characters` })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Please enter a valid email address' }),
  contactPhone: z
    .string({ error: 'Contact phone must be text' })
    .trim()
    .max(MAX.phone, { error: `Contact phone must be at most ${MAX.phone} characters` })
    .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: PHONE_ERROR }),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type WhiteLabelConfigInput = z.infer<typeof whiteLabelConfigSchema>;

export interface WhiteLabelConfig extends Omit<WhiteLabelConfigInput, 'id' | 'isActive' | 'emailFromName'> {
  id?: string;
  emailFromName: string;
  isActive: boolean;
}

export const deployRequestSchema = z.strictObject({
  configId: z.string({ error: 'configId is required' }).trim().min(1, { error: 'configId is required' }).max(64),
});
export type DeployRequest = z.infer<typeof deployRequestSchema>;

/** A deployment as the API reports it. */
export interface WhiteLabelDeployment {
  id: string;
  configId: string;
  version: number;
  domain: string;
  deployedAt: string;
  deployedBy: string;
}

/** Facts about the stored configuration beyond its fields (Manage tab status cards). */
export interface WhiteLabelMeta {
  version: number;
  savedAt: string;
  savedBy: string;
  /** The organization's latest deployment, of this or an earlier version. */
  lastDeployment: WhiteLabelDeployment | null;
}

/** GET and POST /api/white-label/config. `config` is null until the first save. */
export interface WhiteLabelConfigAnswer {
  success: true;
  config: WhiteLabelConfig | null;
  meta: WhiteLabelMeta | null;
  /** POST only: the body equalled the current version, so no new version was stored. */
  unchanged?: boolean;
}

/** POST /api/white-label/deploy. */
export interface WhiteLabelDeployAnswer {
  success: true;
  config: WhiteLabelConfig;
  deployment: WhiteLabelDeployment;
  meta: WhiteLabelMeta;
  /** The configuration was already live: nothing new was recorded. */
  alreadyActive: boolean;
}

/** One saved version, as GET /api/white-label/config/history lists them (newest first). */
/** A stored version's branding fields (everything but the server-owned id and isActive). */
export type WhiteLabelVersionFields = Omit<WhiteLabelConfig, 'id' | 'isActive'>;

export interface WhiteLabelVersionSummary {
  id: string;
  version: number;
  companyName: string;
  domain: string;
  isActive: boolean;
  savedAt: string;
  savedBy: string;
  /** The full fields, so the admin can restore (re-save) an earlier version. */
  fields: WhiteLabelVersionFields;
}
