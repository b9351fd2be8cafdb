import { z } from 'zod';
import { BACKGROUND_THEME_VALUES, WHITE_LABEL_FONTS } from '../data/whiteLabel';
import { MAX, optionalLine } from './common';

const hexColor = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^#[0-9a-fA-F]{6}$/, { error: `${label} must be a hex colour like #8080ff` });

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
  id: z.string().max(64).optional(),
  organizationId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, { error: 'Organization ID is not valid' }),
  companyName: z
    .string({ error: 'Company name is required' })
    .trim()
    .min(1, { error: 'Company name is required' })
    .max(MAX.company, { error: `Company name must be at most ${MAX.company} characters` }),
  domain: z
    .string()
    .trim()
    .max(MAX.domain)
    .refine((v) => v === '' || DOMAIN.test(v), { error: 'Domain must be a domain name like banking.example.com' }),
  logoUrl: optionalHttpsUrl('Logo URL'),
  faviconUrl: optionalHttpsUrl('Favicon URL'),
  primaryColor: hexColor('Primary colour'),
  secondaryColor: hexColor('Secondary colour'),
  accentColor: hexColor('Accent colour'),
  backgroundGradient: z.enum(BACKGROUND_THEME_VALUES, { error: 'Please choose one of the background themes' }),
  fontFamily: z.enum(WHITE_LABEL_FONTS, { error: 'Please choose one of the fonts' }),
  emailFromName: optionalLine('Email from name', MAX.name).default(''),
  contactEmail: z
    .string()
    .trim()
    .max(MAX.email)
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Please enter a valid email address' }),
  contactPhone: z
    .string()
    .trim()
    .max(MAX.phone)
    .refine((v) => v === '' || /^\+?[0-9 ().-]{5,40}$/.test(v), { error: 'Please enter a valid phone number' }),
  isActive: z.boolean().optional(),
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
