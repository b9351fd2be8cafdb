import { useCallback, useEffect, useState } from 'react';

const TAB_IDS = ['configure', 'deploy', 'manage'] as const;
export type AdminTab = (typeof TAB_IDS)[number];

/** The selected main tab mirrors the URL hash, so #deploy links and reloads land on it. */
export function useHashTab(): [AdminTab, (t: AdminTab) => void] {
  const [tab, setTab] = useState<AdminTab>('configure');
  useEffect(() => {
    const read = () => {
      const h = window.location.hash.slice(1);
      if ((TAB_IDS as readonly string[]).includes(h)) setTab(h as AdminTab);
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const select = useCallback((t: AdminTab) => {
    setTab(t);
    window.history.replaceState(null, '', `#${t}`);
  }, []);
  return [tab, select];
}
