import clsx from 'clsx';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { WHITE_LABEL_PREVIEW_SAMPLE as SAMPLE } from '@site/src/data/whiteLabel';
import { backgroundTheme, brandInks, fontStack } from '@site/src/lib/whiteLabel';
import type { WhiteLabelConfig } from '@site/src/schemas/whiteLabel';
import styles from './Preview.module.css';

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

function Favicon({ url }: { url: string }): ReactNode {
  const [failed, setFailed] = useState<string | null>(null);
  if (HTTPS.test(url) && failed !== url) {
    return <img className={styles.favicon} src={url} alt="" onError={() => setFailed(url)} referrerPolicy="no-referrer" />;
  }
  return <span className={styles.faviconPlaceholder} aria-hidden="true" />;
}

interface PreviewProps {
  config: WhiteLabelConfig;
  /** 'full' fills a whole screen (Manage tab preview); 'compact' sits beside the form. */
  size?: 'compact' | 'full';
}

/**
 * A small banking dashboard in the client's brand: logo, name, colors, font and background.
 * Pure function of the configuration, so it follows every keystroke.
 */
export default function Preview({ config, size = 'compact' }: PreviewProps): ReactNode {
  const theme = backgroundTheme(config.backgroundGradient);
  const name = config.companyName.trim() || 'Your Company';
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
    <div className={clsx(styles.frame, size === 'full' && styles.full)} data-testid="white-label-preview" data-font={config.fontFamily}>
      <div className={styles.chrome} aria-hidden="true">
        <span className={styles.dots}>
          <i />
          <i />
          <i />
        </span>
        <span className={styles.tab}>
          <Favicon url={config.faviconUrl} />
          <span className={styles.tabTitle}>{name}</span>
        </span>
      </div>
      <div className={styles.address} aria-hidden="true">
        <svg className={styles.lock} viewBox="0 0 16 16" width="12" height="12">
          <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
        </svg> https://{config.domain.trim() || 'your-domain.com'}
      </div>
      <div className={styles.app} style={vars}>
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
    </div>
  );
}
