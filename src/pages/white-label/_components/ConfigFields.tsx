import clsx from 'clsx';
import type { ReactNode } from 'react';
import { FieldGroup, RadioGroupField, TextField } from '@site/src/components/Form';
import { BACKGROUND_THEMES, COLOR_PRESETS, WHITE_LABEL_FONTS } from '@site/src/data/whiteLabel';
import { MAX } from '@site/src/schemas/limits';
import { colorPairs, fontStack } from '@site/src/lib/whiteLabel';
import type { FieldErrors } from '@site/src/schemas/common';
import type { WhiteLabelConfig } from '@site/src/schemas/whiteLabel';
import ColorField from './ColorField';
import styles from './ConfigFields.module.css';

export interface FieldsProps {
  config: WhiteLabelConfig;
  errors: FieldErrors;
  update: (patch: Partial<WhiteLabelConfig>) => void;
}

/** Branding sub-tab: identity, domain, assets and font (spec section 3 fields). */
export function BrandingFields({ config, errors, update }: FieldsProps): ReactNode {
  return (
    <div className={styles.fields}>
      <TextField id="companyName" label="Company Name" required maxLength={MAX.company} autoComplete="organization" value={config.companyName} error={errors.companyName} onChange={(e) => update({ companyName: e.target.value })} />
      <TextField
        id="domain"
        label="Domain"
        placeholder="banking.yourcompany.com"
        maxLength={MAX.domain}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        value={config.domain}
        error={errors.domain}
        hint="Where your clients reach the platform, without https://"
        onChange={(e) => update({ domain: e.target.value })}
      />
      <div className={styles.twoCols}>
        <TextField id="logoUrl" label="Logo URL" type="url" placeholder="https://…/logo.svg" maxLength={MAX.url} value={config.logoUrl} error={errors.logoUrl} hint="An https:// image, SVG or PNG." onChange={(e) => update({ logoUrl: e.target.value })} />
        <TextField id="faviconUrl" label="Favicon URL" type="url" placeholder="https://…/favicon.ico" maxLength={MAX.url} value={config.faviconUrl} error={errors.faviconUrl} hint="An https:// icon, 32×32 or larger." onChange={(e) => update({ faviconUrl: e.target.value })} />
      </div>
      <RadioGroupField
        id="fontFamily"
        label="Font Family"
        value={config.fontFamily}
        error={errors.fontFamily}
        onChange={(fontFamily) => update({ fontFamily })}
        options={WHITE_LABEL_FONTS.map((font) => ({
          value: font,
          label: (
            <>
              <span className={styles.fontSample} style={{ fontFamily: fontStack(font) }} aria-hidden="true">
                Aa
              </span>
              <span>{font}</span>
            </>
          ),
        }))}
      />
    </div>
  );
}

/** Colors sub-tab: three brand colors with contrast checks, presets and background themes. */
export function ColorFields({ config, errors, update }: FieldsProps): ReactNode {
  const pairs = colorPairs(config);
  const pairFor = (field: 'primaryColor' | 'secondaryColor' | 'accentColor') => pairs.find((p) => p.field === field)!;
  return (
    <div className={styles.fields}>
      <FieldGroup id="colorPresets" label="Color Presets">
        <div className={styles.presetGrid}>
          {COLOR_PRESETS.map((p) => {
            const active = config.primaryColor === p.primary && config.secondaryColor === p.secondary && config.accentColor === p.accent;
            return (
              <button
                key={p.name}
                type="button"
                aria-pressed={active}
                className={clsx(styles.preset, active && styles.presetActive)}
                onClick={() => update({ primaryColor: p.primary, secondaryColor: p.secondary, accentColor: p.accent })}
              >
                <span className={styles.presetSwatches} aria-hidden="true">
                  {[p.primary, p.secondary, p.accent].map((c) => (
                    <span key={c} style={{ background: c }} />
                  ))}
                </span>
                {p.name}
              </button>
            );
          })}
        </div>
      </FieldGroup>
      <ColorField id="primaryColor" label="Primary Color" value={config.primaryColor} pair={pairFor('primaryColor')} error={errors.primaryColor} onChange={(v) => update({ primaryColor: v })} />
      <ColorField id="secondaryColor" label="Secondary Color" value={config.secondaryColor} pair={pairFor('secondaryColor')} error={errors.secondaryColor} onChange={(v) => update({ secondaryColor: v })} />
      <ColorField id="accentColor" label="Accent Color" value={config.accentColor} pair={pairFor('accentColor')} error={errors.accentColor} onChange={(v) => update({ accentColor: v })} />
      <RadioGroupField
        id="backgroundGradient"
        label="Background Theme"
        value={config.backgroundGradient}
        error={errors.backgroundGradient}
        onChange={(backgroundGradient) => update({ backgroundGradient })}
        options={BACKGROUND_THEMES.map((t) => ({
          value: t.value,
          label: (
            <>
              <span className={styles.themeSwatch} style={{ background: t.css }} aria-hidden="true" />
              <span>{t.name}</span>
            </>
          ),
        }))}
      />
    </div>
  );
}

/** Contact sub-tab: how the branded platform signs its emails and where clients get help. */
export function ContactFields({ config, errors, update }: FieldsProps): ReactNode {
  return (
    <div className={styles.fields}>
      <TextField id="emailFromName" label="Email From Name" placeholder="Your Company Banking" maxLength={MAX.name} value={config.emailFromName} error={errors.emailFromName} hint="The sender name on emails to your clients." onChange={(e) => update({ emailFromName: e.target.value })} />
      <TextField id="contactEmail" label="Contact Email" type="email" placeholder="support@yourcompany.com" autoComplete="email" maxLength={MAX.email} value={config.contactEmail} error={errors.contactEmail} onChange={(e) => update({ contactEmail: e.target.value })} />
      <TextField id="contactPhone" label="Contact Phone" type="tel" placeholder="+1 (555) 010-0200" autoComplete="tel" maxLength={MAX.phone} value={config.contactPhone} error={errors.contactPhone} onChange={(e) => update({ contactPhone: e.target.value })} />
    </div>
  );
}
