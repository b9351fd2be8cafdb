import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import { useLocation } from '@docusaurus/router';
import LazyHydrate from '@site/src/components/LazyHydrate';
import styles from './styles.module.css';

export interface AccordionProps {
  /** Anchor of the section (e.g. `security` for /documentation#security). */
  id: string;
  title: ReactNode;
  /** One-line summary shown under the title, also while collapsed. */
  subtitle?: ReactNode;
  defaultOpen?: boolean;
  /** Level of the heading wrapping the toggle button (WAI-ARIA accordion pattern). */
  level?: 2 | 3;
  children?: ReactNode;
}

/** True when the location hash names this section or an element inside its panel. */
function hashTargetsSection(hash: string, id: string, panel: HTMLElement | null): boolean {
  const target = decodeURIComponent(hash.replace(/^#/, ''));
  if (!target) return false;
  if (target === id) return true;
  const el = document.getElementById(target);
  return Boolean(el && panel?.contains(el));
}

/**
 * Accessible disclosure section: a heading holding a button with aria-expanded/aria-controls and
 * a labelled region. The panel stays in the HTML while hidden, so offline search indexes it, and a
 * link to the section or to anything inside it (footer, TOC, search result) opens it.
 */
export default function Accordion({ id, title, subtitle, defaultOpen = false, level = 2, children }: AccordionProps): ReactNode {
  const [open, setOpen] = useState(defaultOpen);
  const panelRef = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const buttonId = `${useId()}-button`;
  const panelId = `${id}-panel`;

  // Target to scroll to once the panel is shown: the browser could not scroll into a hidden panel.
  const pendingScroll = useRef<string | null>(null);

  useEffect(() => {
    if (!hashTargetsSection(hash, id, panelRef.current)) return;
    pendingScroll.current = decodeURIComponent(hash.slice(1));
    setOpen(true);
  }, [hash, id]);

  useEffect(() => {
    const target = pendingScroll.current;
    if (!open || !target) return;
    pendingScroll.current = null;
    // Wait two frames: the panel must be laid out before it can be scrolled to.
    let inner = 0;
    const outer = requestAnimationFrame(() => {
      inner = requestAnimationFrame(() => document.getElementById(target)?.scrollIntoView({ block: 'start' }));
    });
    return () => {
      cancelAnimationFrame(outer);
      cancelAnimationFrame(inner);
    };
  }, [open, hash]);

  const toggle = useCallback(() => setOpen((o) => !o), []);

  return (
    <section className={clsx(styles.accordion, open && styles.open)} data-accordion={id}>
      <Heading as={`h${level}`} id={id} className={styles.heading}>
        <button type="button" id={buttonId} className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          <span className={styles.titleBlock}>
            <span className={styles.title}>{title}</span>
            {/* The separator is for text extraction (search breadcrumbs, screen readers): without
                it title and subtitle ran together as "WebhooksEvents, payloads…". */}
            {subtitle ? <span className={styles.separator}>: </span> : null}
            {subtitle ? <span className={styles.subtitle}>{subtitle}</span> : null}
          </span>
          <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </Heading>
      <div id={panelId} ref={panelRef} role="region" aria-labelledby={buttonId} className={styles.panel} hidden={!open}>
        {/* A panel closed at load is only hydrated when first shown: /api-docs keeps six of them. */}
        {defaultOpen ? children : <LazyHydrate>{children}</LazyHydrate>}
      </div>
    </section>
  );
}
