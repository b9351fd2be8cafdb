import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import type { SupportFaqEntry } from '@site/src/data/supportPage';
import Icon from '@site/src/components/Icon';
import styles from './Faq.module.css';

/**
 * WAI-ARIA accordion: each question is a button with aria-expanded/aria-controls; Up/Down,
 * Home and End move between questions. Several answers may be open at once.
 */
export function Faq({ entries }: { entries: readonly SupportFaqEntry[] }): ReactNode {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // A link to /support#faq-<id> opens that answer (read after hydration, as location is client-only).
  useEffect(() => {
    const id = window.location.hash.replace(/^#faq-/, '');
    if (entries.some((e) => e.id === id)) setOpen(new Set([id]));
  }, [entries]);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = entries.length - 1;
    const target = { ArrowDown: index === last ? 0 : index + 1, ArrowUp: index === 0 ? last : index - 1, Home: 0, End: last }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className={styles.faq}>
      {entries.map((entry, i) => {
        const expanded = open.has(entry.id);
        const buttonId = `faq-${entry.id}`;
        const panelId = `faq-${entry.id}-answer`;
        return (
          <div key={entry.id} className={styles.faqItem} data-open={expanded || undefined}>
            <h3 className={styles.faqHeading}>
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                id={buttonId}
                type="button"
                className={styles.faqButton}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(entry.id)}
                onKeyDown={(e) => onKeyDown(e, i)}
              >
                <span>{entry.question}</span>
                <Icon name="chevron" size={20} className={styles.faqChevron} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.faqPanel} hidden={!expanded}>
              {entry.answer.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {entry.link && (
                <Link to={entry.link.href} className={styles.faqLink}>
                  {entry.link.label} →
                </Link>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}
