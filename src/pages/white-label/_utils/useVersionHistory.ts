import { useEffect, useState } from 'react';
import type { WhiteLabelMeta, WhiteLabelVersionSummary } from '@site/src/schemas/whiteLabel';
import { CONFIG_URL } from './config';

/** Recent saved versions; refetched whenever a save or a deployment changes them. */
export function useVersionHistory(meta: WhiteLabelMeta | null): WhiteLabelVersionSummary[] {
  const [versions, setVersions] = useState<WhiteLabelVersionSummary[]>([]);
  const key = `${meta?.version ?? 0}:${meta?.lastDeployment?.id ?? ''}`;
  useEffect(() => {
    if (key === '0:') return;
    let cancelled = false;
    fetch(`${CONFIG_URL}/history`, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { versions: WhiteLabelVersionSummary[] };
        if (!cancelled) setVersions(body.versions.slice(0, 6));
      })
      .catch((err: unknown) => console.warn('White-label version history could not be loaded:', err));
    return () => {
      cancelled = true;
    };
  }, [key]);
  return versions;
}
