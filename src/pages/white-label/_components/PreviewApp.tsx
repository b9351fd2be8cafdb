import clsx from 'clsx';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { WHITE_LABEL_PREVIEW_SAMPLE as SAMPLE } from '@site/src/data/whiteLabel';
import { backgroundTheme, brandInks, fontStack } from '@site/src/lib/whiteLabel';
import type { WhiteLabelConfig } from '@site/src/schemas/whiteLabel';
import styles from './PreviewApp.module.css';

const HTTPS = /^https:\/\/\S+$/i;

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

const money = (n: number, signed = false) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: SAMPLE.currency, signDisplay: signed ? 'always' : 'auto' }).format(n);

/** The brand logo, or a monogram in the primary color while there is none or it fails to load. */
function Logo({ url, companyName }: { url: string; companyName: string }): ReactNode {
  const [failed, setFailed] = useState<string | null>(null);
  if (HTTPS.test(url) && failed !== url) {
    return <img className={styles.logo} src={url} alt={`${companyName} logo`} onError={() => setFailed(url)} referrerPolicy="no-referrer" />;
  }
  return (
    <span className={styles.monogram} aria-hidden="true">
      {initials(companyName)}
    </span>
  );
}

/**
 * The sample banking dashboard inside the preview's browser frame, in the client's brand: logo,
 * name, colors, font and background. Pure function of the configuration.
 */
export default function PreviewApp({ config, name, size }: { config: WhiteLabelConfig; name: string; size: 'compact' | 'full' }): ReactNode {
  const theme = backgroundTheme(config.backgroundGradient);
  const ink = brandInks(config);
  const vars = {
    '--wl-primary': config.primaryColor,
    '--wl-secondary': config.secondaryColor,
    '--wl-accent': config.accentColor,
    '--wl-on-primary': ink.onPrimary,
    '--wl-on-secondary': ink.onSecondary,
    '--wl-on-gradient': ink.onGradient,
    '--wl-accent-text': ink.accentText,
    '--wl-background': theme.css,
    fontFamily: fontStack(config.fontFamily),
  } as CSSProperties;

  return (
    <div className={clsx(styles.app, size === 'full' && styles.appFull)} style={vars}>
      <header className={styles.header}>
        <span className={styles.brand}>
          <Logo url={config.logoUrl} companyName={name} />
          <span className={styles.company} data-testid="preview-company">
            {name}
          </span>
        </span>
        <nav className={styles.nav} aria-label="Preview navigation (sample)">
          {SAMPLE.nav.map((item, i) => (
            <span key={item} className={clsx(styles.navItem, i === 0 && styles.navActive)}>
              {item}
            </span>
          ))}
        </nav>
        <span className={styles.avatar} aria-hidden="true">
          {SAMPLE.customerInitials}
        </span>
      </header>

      <p className={styles.greeting}>{SAMPLE.greeting}</p>

      <div className={styles.grid}>
        <div className={styles.balanceCard} data-testid="preview-balance">
          <span className={styles.muted}>{SAMPLE.balanceLabel}</span>
          <strong className={styles.balance}>{money(SAMPLE.balance)}</strong>
          <span className={styles.cardRow}>
            <span>•••• {SAMPLE.cardEnding}</span>
            <span className={styles.change}>{SAMPLE.monthChange}</span>
          </span>
        </div>
        <div className={styles.actions}>
          <span className={clsx(styles.button, styles.buttonPrimary)} data-testid="preview-primary-button">
            {SAMPLE.actions[0]}
          </span>
          <span className={clsx(styles.button, styles.buttonSecondary)}>{SAMPLE.actions[1]}</span>
          <span className={clsx(styles.button, styles.buttonAccent)}>{SAMPLE.actions[2]}</span>
        </div>
      </div>

      <div className={styles.panel}>
        <span className={styles.panelTitle}>Recent transactions</span>
        <ul className={styles.list}>
          {SAMPLE.transactions.map((t) => (
            <li key={t.name} className={styles.row}>
              <span className={styles.rowIcon} aria-hidden="true">
                {t.amount > 0 ? '↓' : '↑'}
              </span>
              <span className={styles.rowText}>
                <span>{t.name}</span>
                <span className={styles.muted}>{t.detail}</span>
              </span>
              <span className={clsx(styles.amount, t.amount > 0 && styles.amountIn)}>{money(t.amount, true)}</span>
            </li>
          ))}
        </ul>
      </div>

      <footer className={styles.footer}>
        <span>{config.contactEmail.trim() || 'support@your-domain.com'}</span>
        {config.contactPhone.trim() && <span>{config.contactPhone.trim()}</span>}
        <span>
          © {name}
          {config.emailFromName.trim() && ` · Emails from “${config.emailFromName.trim()}”`}
        </span>
      </footer>
    </div>
  );
}
