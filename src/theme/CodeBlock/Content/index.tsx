/**
 * Swizzled (ejected) code block body. Same markup as the theme's, with one difference: the
 * highlighted lines are written as one HTML string instead of a React element per line and per
 * token. The API reference pages hold ~50 highlighted samples, ~3,600 token elements; hydrating
 * each as a React element was the longest task on a throttled phone (Lighthouse total blocking
 * time). The lines are static text, so React gains nothing from owning them. Blocks with line
 * numbers or magic-comment line classes keep the theme's per-element rendering.
 */
import { forwardRef, useState, type ComponentProps, type ReactNode } from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import clsx from 'clsx';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import { usePrismTheme } from '@docusaurus/theme-common';
import { Highlight, Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import type { Props } from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';
import { linesToHtml } from './_html';
import styles from './styles.module.css';

// Registered with the first code block rather than at start-up (src/plugins/lazyPrismLanguages).
prismIncludeLanguages(Prism);

const Pre = forwardRef<HTMLPreElement, ComponentProps<'pre'>>((props, ref) => (
  <pre ref={ref} tabIndex={0} {...props} className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')} />
));
Pre.displayName = 'CodeBlockPre';

function Code({ withNumbering, style, ...props }: ComponentProps<'code'> & { withNumbering: boolean }): ReactNode {
  const { metadata } = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(props.className, styles.codeBlockLines, withNumbering && styles.codeBlockLinesWithNumbering)}
      style={{ ...style, counterReset: metadata.lineNumbersStart === undefined ? undefined : `line-count ${metadata.lineNumbersStart - 1}` }}
    />
  );
}

export default function CodeBlockContent({ className: classNameProp }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const { code, language, lineNumbersStart, lineClassNames } = metadata;
  const withNumbering = lineNumbersStart !== undefined;
  const plain = !withNumbering && Object.keys(lineClassNames).length === 0;
  // Hydrating server HTML, the highlighted lines are already in the page: keep them instead of
  // tokenizing the code again only to produce the same string (Prism was the largest script
  // cost while /api-docs hydrated). They are rendered for real once the color theme differs
  // from the server's (dark mode), and from then on like any other render.
  const isBrowser = useIsBrowser();
  const [serverTheme, setServerTheme] = useState(() => (plain && ExecutionEnvironment.canUseDOM && !isBrowser ? prismTheme : null));
  if (serverTheme !== null && serverTheme !== prismTheme) setServerTheme(null);
  const keepServerHtml = serverTheme !== null;
  return (
    <Highlight theme={prismTheme} code={keepServerHtml ? '' : code} language={language}>
      {({ className, style, tokens: lines, getLineProps, getTokenProps }) => (
        <Pre ref={wordWrap.codeBlockRef} className={clsx(classNameProp, className)} style={style}>
          {keepServerHtml ? (
            // React leaves the inner HTML of such an element as the server wrote it.
            <Code withNumbering={false} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
          ) : plain ? (
            <Code withNumbering={false} dangerouslySetInnerHTML={{ __html: linesToHtml(lines, getLineProps, getTokenProps) }} />
          ) : (
            <Code withNumbering={withNumbering}>
              {lines.map((line, i) => (
                <Line
                  key={i}
                  line={line}
                  getLineProps={getLineProps}
                  getTokenProps={getTokenProps}
                  classNames={lineClassNames[i]}
                  showLineNumbers={withNumbering}
                />
              ))}
            </Code>
          )}
        </Pre>
      )}
    </Highlight>
  );
}

