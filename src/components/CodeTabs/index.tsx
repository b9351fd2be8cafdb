import type { ReactNode } from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import { CODE_LANGUAGES, CODE_TABS_GROUP, type CodeLanguage } from '@site/src/data/apiReference';

export interface CodeTabsProps {
  /** Source per language; languages without a source are skipped. */
  samples: Partial<Record<CodeLanguage, string>>;
  /** Override a tab label, e.g. `{ curl: 'Shell (openssl)' }` when the shell sample is not curl. */
  labels?: Partial<Record<CodeLanguage, string>>;
  title?: string;
}

/**
 * Code samples in tabs synced across the site (groupId): choosing Python once shows Python in
 * every sample, and Docusaurus remembers the choice. Each block gets the swizzled copy button.
 */
export default function CodeTabs({ samples, labels, title }: CodeTabsProps): ReactNode {
  const languages = CODE_LANGUAGES.filter((l) => samples[l.value] !== undefined);
  return (
    <Tabs groupId={CODE_TABS_GROUP} className="code-tabs">
      {languages.map((l) => (
        <TabItem key={l.value} value={l.value} label={labels?.[l.value] ?? l.label}>
          <CodeBlock language={l.prism} title={title}>
            {samples[l.value]}
          </CodeBlock>
        </TabItem>
      ))}
    </Tabs>
  );
}
