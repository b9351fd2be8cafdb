import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { groupByKind, type SearchHit } from '@site/src/lib/search/engine';
import { SEARCH_KIND_LABELS } from '@site/src/lib/search/types';
import type { ResultsProps } from './_load';
import styles from './styles.module.css';

export { createEngine } from '@site/src/lib/search/engine';

/** Marks the words that start with a matched term ("signatures" for "signature"). */
export function Marked({ text, terms }: { text: string; terms: readonly string[] }): ReactNode {
  const usable = terms.filter((t) => t.length >= 2);
  if (!usable.length) return text;
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  return parts.map((part, i) => (i % 2 === 1 && usable.some((t) => part.toLowerCase().startsWith(t)) ? <mark key={i}>{part}</mark> : part));
}

/** The results list of the navbar search, grouped by kind (docs, API reference, blog, site). */
export function Results({ id, hits, active, query, onPick, onHover }: ResultsProps): ReactNode {
  if (!hits.length) {
    return (
      <p className={styles.message}>
        No results for “{query.trim()}”. Try fewer words, or browse the <Link to="/documentation">documentation</Link> and the{' '}
        <Link to="/api-docs">API reference</Link>.
      </p>
    );
  }
  const order = new Map<SearchHit, number>(hits.map((h, i) => [h, i]));
  return (
    <div role="listbox" id={id} aria-label="Search results" className={styles.list}>
      {groupByKind(hits).map((group, g) => (
        <div role="group" aria-labelledby={`${id}-group-${g}`} key={g}>
          <div id={`${id}-group-${g}`} className={styles.groupLabel} role="presentation">
            {SEARCH_KIND_LABELS[group.kind]}
          </div>
          {group.hits.map((hit) => {
            const index = order.get(hit)!;
            return (
              <Link
                key={hit.url}
                to={hit.url}
                id={`${id}-${index}`}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={styles.hit}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => index !== active && onHover(index)}
                onClick={(e) => {
                  e.preventDefault();
                  onPick(hit);
                }}
              >
                <span className={styles.hitTitle}>
                  {hit.section ? (
                    <>
                      <span className={styles.hitPage}>
                        <Marked text={hit.page} terms={hit.terms} />
                      </span>
                      <span aria-hidden="true"> › </span>
                      <Marked text={hit.section} terms={hit.terms} />
                    </>
                  ) : (
                    <Marked text={hit.page} terms={hit.terms} />
                  )}
                </span>
                {hit.snippet && (
                  <span className={styles.hitSnippet}>
                    <Marked text={hit.snippet} terms={hit.terms} />
                  </span>
                )}
              </Link>
            );
          })}
        </div>
      ))}
    </div>
  );
}
