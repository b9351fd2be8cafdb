/** Header values never carry line breaks: that is how header injection works. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** Escaped text with line breaks kept, for the HTML part of a mail. */
export function htmlParagraphs(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>');
}
