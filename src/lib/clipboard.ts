/**
 * The site's one way to put text on the clipboard; every copy button goes through it (via
 * useCopy), so they all behave alike when the browser says no.
 */

/** Copies text; resolves false when the browser refuses (the text then stays on screen to select by hand). */
export async function copyText(text: string): Promise<boolean> {
  // The Clipboard API exists only in secure contexts: a plain-HTTP preview has none.
  if (typeof navigator !== 'undefined' && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused (an embedded frame, a document without focus): the legacy command may still work.
    }
  }
  return copyWithSelection(text);
}

/** The pre-Clipboard-API way: select the text in an off-screen field and ask for the copy command. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Fixed at the corner so selecting it does not scroll the page; 12pt so iOS does not zoom in.
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0', fontSize: '12pt' });
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const selection = document.getSelection();
  const ranges = selection ? Array.from({ length: selection.rangeCount }, (_, i) => selection.getRangeAt(i)) : [];
  document.body.append(area);
  area.focus({ preventScroll: true });
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  // Give the reader back what they had selected and focused (the copy button, for keyboard users).
  if (selection) {
    selection.removeAllRanges();
    for (const r of ranges) selection.addRange(r);
  }
  focused?.focus();
  return ok;
}
