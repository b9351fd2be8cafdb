import type { CSSProperties } from 'react';
import type { LineInputProps, LineOutputProps, Token, TokenInputProps, TokenOutputProps } from 'prism-react-renderer';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** React's style object as CSS text: `{ fontStyle: 'italic' }` -> `font-style:italic`. */
export function styleToCss(style: CSSProperties | undefined): string {
  if (!style) return '';
  return Object.entries(style)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(v)}`)
    .join(';');
}

function attrs(className: string | undefined, style: CSSProperties | undefined): string {
  const css = styleToCss(style);
  return `${className ? ` class="${escapeHtml(className)}"` : ''}${css ? ` style="${escapeHtml(css)}"` : ''}`;
}

/** The theme replaces a line holding only "\n" by an empty one, so it is not a double line break. */
function fixLineBreak(line: Token[]): Token[] {
  return line.length === 1 && line[0]!.content === '\n' ? [{ ...line[0]!, content: '' }] : line;
}

/**
 * The markup the theme's `CodeBlock/Line` renders (a `div.token-line` of `span.token`s ending in
 * `<br>`), as one escaped HTML string.
 */
export function linesToHtml(
  lines: Token[][],
  getLineProps: (input: LineInputProps) => LineOutputProps,
  getTokenProps: (input: TokenInputProps) => TokenOutputProps,
): string {
  let html = '';
  for (const raw of lines) {
    const line = fixLineBreak(raw);
    const lineProps = getLineProps({ line });
    html += `<div${attrs(lineProps.className, lineProps.style)}>`;
    for (const token of line) {
      const t = getTokenProps({ token });
      html += `<span${attrs(t.className, t.style)}>${escapeHtml(String(t.children))}</span>`;
    }
    html += '<br></div>';
  }
  return html;
}
