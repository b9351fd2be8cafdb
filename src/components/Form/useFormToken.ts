import { useEffect, useState } from 'react';
import { formTokenSource, type FormTokenSource } from '@site/src/lib/formToken';

/** The form's token, fetched when the form mounts (after hydration, never during SSR), if the form sends one. */
export function useFormToken(enabled = true): FormTokenSource {
  const [source] = useState(formTokenSource);
  useEffect(() => {
    if (enabled) source.renew();
  }, [source, enabled]);
  return source;
}
