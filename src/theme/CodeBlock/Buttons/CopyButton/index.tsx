/**
 * Swizzled (ejected) copy button of code blocks. Differences from the theme's: a visible text
 * label that reads exactly `Copied!` for TIMINGS.copyConfirmationMs (spec: 2 seconds, through the
 * site's one useCopy) and then reverts, an aria-live announcement for screen readers, and the button is always visible (touch
 * screens have no hover to reveal it).
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import Button from '@theme/CodeBlock/Buttons/Button';
import type { Props } from '@theme/CodeBlock/Buttons/CopyButton';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import { COPIED_LABEL } from '@site/src/data/clipboard';
import { useCopy } from '@site/src/lib/useCopy';
import styles from './styles.module.css';

const COPY_LABEL = 'Copy';

export default function CopyButton({ className }: Props): ReactNode {
  const {
    metadata: { code },
  } = useCodeBlockContext();
  // The site's one clipboard helper and Copied! timer (src/lib/useCopy.ts), as every copy button.
  const { copy, copied: isCopied } = useCopy();
  return (
    <Button
      aria-label={isCopied ? COPIED_LABEL : 'Copy code to clipboard'}
      title={COPY_LABEL}
      className={clsx(className, styles.copyButton, isCopied && styles.copied)}
      data-copied={isCopied ? 'true' : 'false'}
      onClick={() => void copy(code)}>
      <span className={styles.icons} aria-hidden="true">
        {isCopied ? <IconSuccess className={styles.icon} /> : <IconCopy className={styles.icon} />}
      </span>
      <span className={styles.label} aria-live="polite">
        {isCopied ? COPIED_LABEL : COPY_LABEL}
      </span>
    </Button>
  );
}
