import clsx from 'clsx';
import { useState, type ReactNode } from 'react';
import type { WhiteLabelConfig } from '@site/src/schemas/whiteLabel';
import PreviewApp from './PreviewApp';
import styles from './Preview.module.css';

const HTTPS = /^https:\/\/\S+$/i;

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
  const name = config.companyName.trim() || 'Your Company';
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
      <PreviewApp config={config} name={name} size={size} />
    </div>
  );
}
