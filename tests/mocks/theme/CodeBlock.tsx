import type { ReactNode } from 'react';

/** Plain <pre> standing in for the theme's highlighted code block. */
export default function CodeBlock({ children, language, title }: { children?: ReactNode; language?: string; title?: string }): ReactNode {
  return (
    <figure data-testid="code-block" data-language={language}>
      {title ? <figcaption>{title}</figcaption> : null}
      <pre>
        <code>{children}</code>
      </pre>
    </figure>
  );
}
