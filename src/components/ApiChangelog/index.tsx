import type { ReactNode } from 'react';
import type { ChangelogEntry } from '@site/src/plugins/apiChangelog/changelog';
import type { ComputedChange } from '@site/src/plugins/apiChangelog/diff';
import styles from './styles.module.css';

/** Most consequential first; annotations (descriptions) fold away but are still listed. */
const KINDS = [
  { kind: 'breaking', label: 'Breaking', open: true },
  { kind: 'non-breaking', label: 'Additions and other compatible changes', open: true },
  { kind: 'deprecated', label: 'Deprecations', open: true },
  { kind: 'unclassified', label: 'Unclassified by the diff tool', open: true },
  { kind: 'annotation', label: 'Descriptions and other annotations', open: false },
] as const;

function Changes({ changes }: { changes: readonly ComputedChange[] }): ReactNode {
  return (
    <ul className={styles.changes}>
      {changes.map((c) => (
        <li key={c.id} data-change-id={c.id}>
          {c.description} <code className={styles.pointer}>{c.pointer}</code>
        </li>
      ))}
    </ul>
  );
}

/** One release: its note, then every change the diff tool computed, by kind. */
function Entry({ entry }: { entry: ChangelogEntry }): ReactNode {
  return (
    <section aria-labelledby={entry.id} className={styles.entry} data-release={entry.id}>
      <h2 id={entry.id}>
        {entry.date} · <code>{entry.version}</code>: {entry.title}
        {entry.breaking ? ' (breaking)' : ''}
      </h2>
      {entry.context.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p className={styles.since}>
        {entry.since ? (
          <>
            {entry.changes.length} changes from <code>{entry.since.version}</code> as released on {entry.since.date}, classified by the diff tool.
          </>
        ) : (
          <>The first recorded document: nothing to compare it with.</>
        )}
      </p>
      {KINDS.map(({ kind, label, open }) => {
        const of = entry.changes.filter((c) => c.kind === kind);
        return of.length ? (
          <details key={kind} open={open} className={styles.kind}>
            <summary>
              {label} ({of.length})
            </summary>
            <Changes changes={of} />
          </details>
        ) : null;
      })}
    </section>
  );
}

/** The computed changelog (src/plugins/apiChangelog), newest first. */
export default function ApiChangelog({ entries }: { entries: readonly ChangelogEntry[] }): ReactNode {
  return (
    <>
      {entries.map((e) => (
        <Entry key={e.id} entry={e} />
      ))}
    </>
  );
}
