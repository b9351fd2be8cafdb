/**
 * The API version the reference shows, one for the whole page (every card, island and Try it):
 * a small store, remembered in localStorage like the code tabs' language. Server HTML shows v1,
 * the version every existing integration sends; the reader's choice applies once hydrated.
 * Only the registry is imported here: the switcher sits in the plan pages' header, whose chunk
 * must not load the reference (CONTRIBUTING, plan pages from an outline).
 */
import { useSyncExternalStore } from 'react';
import { API_VERSION_NAMES, isApiVersion, type ApiVersionName } from '@site/src/data/apiVersioning';

const STORAGE_KEY = 'ledgerline-api-version';
export const SERVER_VERSION: ApiVersionName = API_VERSION_NAMES[0];

let current: ApiVersionName | null = null;
const listeners = new Set<() => void>();

function read(): ApiVersionName {
  if (current === null) {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(STORAGE_KEY);
    } catch {
      // Storage refused (privacy settings): the choice lasts for the page only.
    }
    current = isApiVersion(stored) ? stored : SERVER_VERSION;
  }
  return current;
}

export function setApiVersion(version: ApiVersionName): void {
  current = version;
  try {
    window.localStorage.setItem(STORAGE_KEY, version);
  } catch {
    // As in read().
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useApiVersion(): ApiVersionName {
  return useSyncExternalStore(subscribe, read, () => SERVER_VERSION);
}
