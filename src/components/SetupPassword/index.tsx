import { useEffect, useState, type ReactNode } from 'react';

/**
 * The shared setup password, read at run time from the server so a new SETUP_PASSWORD takes
 * effect at the next start without rebuilding the site.
 */
export function useSetupPassword(): string | null {
  const [value, setValue] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetch('/api/public-config')
      .then((res) => (res.ok ? (res.json() as Promise<{ setupPassword?: string }>) : null))
      .then((body) => {
        if (!cancelled && body?.setupPassword) setValue(body.setupPassword);
      })
      .catch(() => {
        // Offline or dev server without the API: the instruction still reads sensibly.
      });
    return () => {
      cancelled = true;
    };
  }, []);
  return value;
}

export default function SetupPassword(): ReactNode {
  const value = useSetupPassword();
  return (
    <code data-testid="setup-password" aria-live="polite">
      {value ?? 'the setup password from your welcome email'}
    </code>
  );
}
