import { startTransition } from 'react';

/**
 * The language every code sample shows, shared by all CodeTabs of the page and remembered in
 * localStorage under the key Docusaurus's own synced tabs use (`docusaurus.tab.<groupId>`), so
 * a reader's earlier choice still applies.
 *
 * Why not Docusaurus's `<Tabs groupId>`: it syncs through useSyncExternalStore, which re-renders
 * every tab group of the page inside the click, twice (its layout effect sets state again), and
 * each code block that is shown or hidden re-renders all its tokens. On a plan page that made a
 * tab click take ~300 ms on a 4x slower CPU (issue 48). Here the clicked group changes at once
 * and the others follow in a transition, which React renders after the click has painted and
 * interrupts for the next input.
 */
type Listener = (value: string) => void;

const listeners = new Set<Listener>();
/** undefined: not read from storage yet. */
let current: string | null | undefined;

const storageKey = (groupId: string) => `docusaurus.tab.${groupId}`;

function readStorage(groupId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(groupId));
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): the choice is not remembered.
    return null;
  }
}

/** The group's chosen language, or null when the reader has not chosen one. Browser only. */
export function chosen(groupId: string): string | null {
  current ??= readStorage(groupId);
  return current;
}

/** Records the reader's choice and has every other group follow, as a non-urgent update. */
export function choose(groupId: string, value: string, from: Listener): void {
  if (current === value) return;
  current = value;
  try {
    window.localStorage.setItem(storageKey(groupId), value);
  } catch {
    // See readStorage.
  }
  startTransition(() => {
    for (const listener of listeners) if (listener !== from) listener(value);
  });
}

/** Calls `listener` when another group (or another window of the site) changes the choice. */
export function follow(groupId: string, listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey(groupId) || !event.newValue) return;
    current = event.newValue;
    anchor = null;
    startTransition(() => listener(event.newValue!));
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The clicked tab and its distance from the top of the viewport: groups above it that follow the
 * choice change height, which would move the page under the reader (Docusaurus's Tabs guard
 * against the same). Read at the click, when layout is clean, so reading it costs nothing.
 */
let anchor: { element: Element; top: number } | null = null;

export function holdAnchor(element: Element): void {
  anchor = { element, top: element.getBoundingClientRect().top };
}

/** After a group has changed: scrolls back by what the groups above the anchor added or removed. */
export function keepAnchorInPlace(): void {
  if (!anchor) return;
  const { element, top } = anchor;
  const moved = element.getBoundingClientRect().top - top;
  if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
}
