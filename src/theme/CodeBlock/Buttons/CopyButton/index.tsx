/**
 * Swizzled (ejected) copy button of code blocks. Differences from the theme's: a visible text
 * label that reads exactly `Copied!` for TIMINGS.copyConfirmationMs (spec: 2 seconds) and then
 * reverts, an aria-live announcement for screen readers, and the button is always visible (touch
 * screens have no hover to reveal it).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import Button from '@theme/CodeBlock/Buttons/Button';
import type { Props } from '@theme/CodeBlock/Buttons/CopyButton';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import { TIMINGS } from '@site/src/data/timings';
import styles from './styles.module.css';

export const COPY_LABEL = 'Copy';
export const COPIED_LABEL = 'Copied!';

async function copyToClipboard(text: string): Promise<void> {
  // The Clipboard API exists only in secure contexts; fall back for plain-HTTP previews.
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission denied (e.g. an embedded frame): try the legacy path below.
    }
  }
  const { default: copy } = await import('copy-text-to-clipboard');
  if (!copy(text)) throw new Error('Copy to clipboard failed');
}

export function useCopyConfirmation(text: string): { copy: () => void; isCopied: boolean } {
  const [isCopied, setIsCopied] = useState(false);
  const timeout = useRef<number | undefined>(undefined);
  const copy = useCallback(() => {
    void copyToClipboard(text).then(() => {
      setIsCopied(true);
      window.clearTimeout(timeout.current);
      timeout.current = window.setTimeout(() => setIsCopied(false), TIMINGS.copyConfirmationMs);
    });
  }, [text]);
  useEffect(() => () => window.clearTimeout(timeout.current), []);
  return { copy, isCopied };
}

export default function CopyButton({ className }: Props): ReactNode {
  const {
    metadata: { code },
  } = useCodeBlockContext();
  const { copy, isCopied } = useCopyConfirmation(code);
  return (
    <Button
      aria-label={isCopied ? COPIED_LABEL : 'Copy code to clipboard'}
      title={COPY_LABEL}
      className={clsx(className, styles.copyButton, isCopied && styles.copied)}
      data-copied={isCopied ? 'true' : 'false'}
      onClick={copy}>
      <span className={styles.icons} aria-hidden="true">
        {isCopied ? <IconSuccess className={styles.icon} /> : <IconCopy className={styles.icon} />}
      </span>
      <span className={styles.label} aria-live="polite">
        {isCopied ? COPIED_LABEL : COPY_LABEL}
      </span>
    </Button>
  );
}
