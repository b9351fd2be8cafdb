import { useCallback, useState, type FormEvent } from 'react';
import type { ContactResponse, FieldErrors } from '@site/src/schemas';
import { loadSchemas } from '@site/src/schemas/lazy';
import { LANDING_CONTACT } from '@site/src/data/landing';
import { NETWORK_ERROR_MESSAGE, NetworkError, postJson } from '@site/src/lib/postJson';
import { useFormToken, useSingleFlight } from '@site/src/components/Form';

export type ContactStatus = 'idle' | 'sending' | 'success';

export interface ContactValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  /** Honeypot, never shown to people. */
  website: string;
}

const EMPTY: ContactValues = { name: '', email: '', company: '', phone: '', message: '', website: '' };

/**
 * The contact form's state machine (spec §4): idle → sending → success, or back to idle with the
 * error shown above the form. "Send Another Message" resets to an empty idle form.
 */
export function useContactForm(endpoint = '/api/contact') {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [status, setStatus] = useState<ContactStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formToken = useFormToken();
  const once = useSingleFlight();

  const set = useCallback((field: keyof ContactValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: '' } : e));
  }, []);

  // Spec §5: submit is disabled while sending or when name, email or message is empty.
  const canSubmit = status !== 'sending' && [values.name, values.email, values.message].every((v) => v.trim() !== '');

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (!canSubmit) return;
      await once(async () => {
        const schemas = await loadSchemas().catch(() => undefined);
        if (!schemas) {
          setError(NETWORK_ERROR_MESSAGE);
          return;
        }
        const parsed = schemas.contactRequestSchema.safeParse(values);
        if (!parsed.success) {
          setErrors(schemas.fieldErrors(parsed.error));
          return;
        }
        setErrors({});
        setError(null);
        setStatus('sending');
        const token = await formToken.get();
        if (!token) {
          setError(NETWORK_ERROR_MESSAGE);
          setStatus('idle');
          return;
        }
        try {
          const answer = await postJson<ContactResponse & { fields?: FieldErrors }>(endpoint, { ...parsed.data, formToken: token });
          if (answer.ok && answer.body?.success) {
            setStatus('success');
            setValues(EMPTY);
            return;
          }
          setErrors(answer.body?.fields ?? {});
          setError(answer.body?.error || LANDING_CONTACT.failedMessage);
        } catch (err) {
          setError(err instanceof NetworkError ? NETWORK_ERROR_MESSAGE : LANDING_CONTACT.failedMessage);
        }
        setStatus('idle');
      });
    },
    [canSubmit, endpoint, once, formToken, values],
  );

  const reset = useCallback(() => {
    setValues(EMPTY);
    setErrors({});
    setError(null);
    setStatus('idle');
    formToken.renew();
  }, [formToken]);

  return { values, set, status, error, errors, canSubmit, submit, reset };
}
