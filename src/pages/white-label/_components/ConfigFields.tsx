import clsx from 'clsx';
import type { ReactNode } from 'react';
import { TextField } from '@site/src/components/Form';
import { BACKGROUND_THEMES, COLOR_PRESETS, WHITE_LABEL_FONTS } from '@site/src/data/whiteLabel';
import { MAX } from '@site/src/schemas/limits';
import { colorPairs, fontStack } from '@site/src/lib/whiteLabel';
import type { FieldErrors } from '@site/src/schemas/common';
import type { WhiteLabelConfig } from '@site/src/schemas/whiteLabel';
import ColorField from './ColorField';
import styles from './styles.module.css';

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
      <fieldset className={styles.fieldset}>
        <legend className={styles.fieldLabel}>Font Family</legend>
        <div className={styles.choiceGrid}>
          {WHITE_LABEL_FONTS.map((font) => (
            <label key={font} className={clsx(styles.choice, config.fontFamily === font && styles.choiceSelected)}>
              <input type="radio" name="fontFamily" value={font} checked={config.fontFamily === font} onChange={() => update({ fontFamily: font })} className={styles.visuallyHidden} />
              <span className={styles.fontSample} style={{ fontFamily: fontStack(font) }} aria-hidden="true">
                Aa
              </span>
              <span>{font}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** Colors sub-tab: three brand colors with contrast checks, presets and background themes. */
export function ColorFields({ config, errors, update }: FieldsProps): ReactNode {
  const pairs = colorPairs(config);
  const pairFor = (field: 'primaryColor' | 'secondaryColor' | 'accentColor') => pairs.find((p) => p.field === field)!;
  return (
    <div className={styles.fields}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.fieldLabel}>Color Presets</legend>
        <div className={styles.presetGrid}>
          {COLOR_PRESETS.map((p) => {
            const active = config.primaryColor === p.primary && config.secondaryColor === p.secondary && config.accentColor === p.accent;
            return (
              <button
                key={p.name}
                type="button"
                aria-pressed={active}
                className={clsx(styles.preset, active && styles.choiceSelected)}
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
      </fieldset>
      <ColorField id="primaryColor" label="Primary Color" value={config.primaryColor} pair={pairFor('primaryColor')} error={errors.primaryColor} onChange={(v) => update({ primaryColor: v })} />
      <ColorField id="secondaryColor" label="Secondary Color" value={config.secondaryColor} pair={pairFor('secondaryColor')} error={errors.secondaryColor} onChange={(v) => update({ secondaryColor: v })} />
      <ColorField id="accentColor" label="Accent Color" value={config.accentColor} pair={pairFor('accentColor')} error={errors.accentColor} onChange={(v) => update({ accentColor: v })} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.fieldLabel}>Background Theme</legend>
        <div className={styles.choiceGrid}>
          {BACKGROUND_THEMES.map((t) => (
            <label key={t.value} className={clsx(styles.choice, config.backgroundGradient === t.value && styles.choiceSelected)}>
              <input type="radio" name="backgroundGradient" value={t.value} checked={config.backgroundGradient === t.value} onChange={() => update({ backgroundGradient: t.value })} className={styles.visuallyHidden} />
              <span className={styles.themeSwatch} style={{ background: t.css }} aria-hidden="true" />
              <span>{t.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
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
