import type { CSSProperties, ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames, useThemeConfig } from '@docusaurus/theme-common';
import styles from './_plain.module.css';

/**
 * A code block as plain text, boxed and sized like the theme's highlighted one (same container,
 * title bar, padding and line height), for the server markup of LazyHydrate islands.
 *
 * Why: Prism writes an element with an inline style per token. On the API reference those were
 * ~8,700 of /api-docs/business's ~14,000 elements and 420 of its 660 KB of HTML, and parsing
 * them was the largest share of the page's blocking time on a phone-speed CPU (issue 23).
 * Island markup is never hydrated: the browser renders the island anew, highlighted, when it
 * comes within a screen of the viewport, before the reader gets to it.
 *
 * The Markdown copies (src/plugins/htmlToMarkdown.ts) read the same `theme-code-block`
 * container, title and `pre` text as from the theme's block; LazyHydrate's click replay and
 * focus return count only the `pre` and its contents, which both forms share.
 */
export default function PlainCodeBlock({ code, language, title }: { code: string; language: string | undefined; title: ReactNode }): ReactNode {
  const { theme, darkTheme } = useThemeConfig().prism;
  // Both themes' box colors, chosen by the page's color mode in CSS: the server renders in light
  // mode, and the theme's own server markup showed a light box on a dark page until it hydrated.
  const colors = {
    '--plain-light-color': theme.plain.color,
    '--plain-light-background': theme.plain.backgroundColor,
    '--plain-dark-color': (darkTheme ?? theme).plain.color,
    '--plain-dark-background': (darkTheme ?? theme).plain.backgroundColor,
  } as CSSProperties;
  return (
    <div className={clsx(ThemeClassNames.common.codeBlock, language && `language-${language}`, styles.container)} style={colors}>
      {title && <div className={styles.codeBlockTitle}>{title}</div>}
      <div className={styles.content}>
        {/* Focusable like the theme's, so a keyboard can scroll a long line. */}
        <pre tabIndex={0} className={clsx('prism-code', language && `language-${language}`, styles.pre, 'thin-scrollbar')}>
          <code className={styles.lines}>{code.replace(/\n$/, '')}</code>
        </pre>
      </div>
    </div>
  );
}
