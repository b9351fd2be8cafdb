import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useHistory } from '@docusaurus/router';
import clsx from 'clsx';
import type { SearchHit } from '@site/src/lib/search/engine';
import { loadSearch, type LoadedSearch } from './_load';
import styles from './styles.module.css';

/** True when a key press belongs to a field the reader is typing in, not to the page. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

type Status = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * The navbar search (Docusaurus renders `@theme/SearchBar` for the `search` navbar item). This
 * part ships with every page and stays small: the engine, the index and the results list load
 * when the box is first focused or pointed at, or opened with "/" or Ctrl/Cmd+K (./_load.ts).
 * It follows the WAI-ARIA combobox pattern: arrows move through the results, Enter opens one,
 * Escape closes, and a live region says how many results there are.
 */
export default function SearchBar(): ReactNode {
  const history = useHistory();
  const id = useId();
  const listId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>('idle');
  const [search, setSearch] = useState<LoadedSearch | null>(null);
  const [hits, setHits] = useState<SearchHit[]>([]);

  const load = useCallback(() => {
    if (search?.complete) return;
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    loadSearch((loaded) => {
      setSearch(loaded);
      setStatus('ready');
    }).catch(() => setStatus((s) => (s === 'ready' ? s : 'failed')));
  }, [search]);

  const openBox = useCallback(() => {
    load();
    setOpen(true);
    input.current?.focus();
    input.current?.select();
  }, [load]);

  // "/" (as on GitHub and MDN) and Ctrl/Cmd+K open the search from anywhere on the page.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if ((mod && !e.altKey && e.key.toLowerCase() === 'k') || (e.key === '/' && !mod && !e.altKey && !typingIn(e.target))) {
        e.preventDefault();
        openBox();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openBox]);

  useEffect(() => {
    if (!search) return;
    setHits(query.trim() ? search.engine.search(query) : []);
    setActive(-1);
  }, [search, query]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (hit: SearchHit | undefined) => {
    if (!hit) return;
    close();
    input.current?.blur();
    history.push(hit.url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!hits.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // From the box (-1) down to the last result and round again.
      setActive((a) => ((a + 1 + step + hits.length + 1) % (hits.length + 1)) - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(hits[active >= 0 ? active : 0]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (open && query) close();
      else {
        close();
        input.current?.blur();
      }
    }
  };

  const showPanel = open && query.trim() !== '';
  const announcement =
    !showPanel ? '' : status === 'failed' ? 'Search could not load.' : !search ? 'Loading search…' : hits.length ? `${hits.length} result${hits.length === 1 ? '' : 's'}` : `No results for ${query.trim()}`;

  return (
    <div
      ref={box}
      className={clsx('navbar__search', styles.box, open && styles.open)}
      onBlur={(e) => {
        if (!box.current?.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <input
        ref={input}
        type="search"
        className={clsx('navbar__search-input', styles.input)}
        placeholder="Search"
        aria-label="Search the site"
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={showPanel && search ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showPanel && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          load();
          setOpen(true);
        }}
        onPointerEnter={load}
        onKeyDown={onKeyDown}
      />
      <kbd className={styles.hint} aria-hidden="true">/</kbd>
      {open && (
        <button type="button" className={styles.cancel} onClick={() => (close(), input.current?.blur())}>
          Cancel
        </button>
      )}
      <div role="status" aria-live="polite" className={styles.status}>
        {announcement}
      </div>
      <div className={clsx(styles.panel, !showPanel && styles.hidden)}>
        {showPanel && search && <search.Results id={listId} hits={hits} active={active} query={query} onPick={go} onHover={setActive} />}
        {showPanel && status === 'loading' && <p className={styles.message}>Loading search…</p>}
        {showPanel && status === 'failed' && (
          <p className={styles.message}>
            Search could not load. Check your connection, then{' '}
            <button type="button" className={styles.retry} onClick={load}>
              try again
            </button>
            .
          </p>
        )}
      </div>
    </div>
  );
}
