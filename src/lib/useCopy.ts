import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@site/src/data/timings';
import { copyText } from './clipboard';

export interface CopyState {
  /** True for TIMINGS.copyConfirmationMs after the last successful copy: show COPIED_LABEL meanwhile. */
  copied: boolean;
  /** Copies the text; resolves whether it reached the clipboard. A failure leaves `copied` false. */
  copy: (text: string) => Promise<boolean>;
}

/**
 * The state of one copy button. One timer per button: copying again restarts the confirmation,
 * and unmounting cancels it, so no button shows Copied! for longer or shorter than the spec's time.
 */
export function useCopy(): CopyState {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    const ok = await copyText(text);
    clearTimeout(timer.current);
    setCopied(ok);
    if (ok) timer.current = setTimeout(() => setCopied(false), TIMINGS.copyConfirmationMs);
    return ok;
  }, []);
  return { copied, copy };
}
