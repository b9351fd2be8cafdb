import { useEffect, useState } from 'react';
import { formTokenSource, type FormTokenSource } from '@site/src/lib/formToken';

/** The form's token, fetched when the form mounts (after hydration, never during SSR). */
export function useFormToken(): FormTokenSource {
  const [source] = useState(formTokenSource);
  useEffect(() => source.renew(), [source]);
  return source;
}
