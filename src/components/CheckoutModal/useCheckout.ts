import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Plan } from '@site/src/data/plans';
import { TIMINGS } from '@site/src/data/timings';
import { CHECKOUT_COPY } from '@site/src/data/landing';
import type { CheckoutResponse, FieldErrors } from '@site/src/schemas';
import { loadSchemas, preloadSchemas } from '@site/src/schemas/lazy';
import { NETWORK_ERROR_MESSAGE, NetworkError, postJson } from '@site/src/lib/postJson';
import { useSingleFlight } from '@site/src/components/Form';

/** Spec §4: open (idle) → submitting → processing (then /success), or error with the form still open. */
export type CheckoutStatus = 'idle' | 'submitting' | 'processing' | 'error';

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function useCheckout(plan: Plan, navigate: (url: string) => void, endpoint = '/api/checkout') {
  const [customerName, setCustomerName] = useState('');
  const [customerEmail, setCustomerEmail] = useState('');
  const [status, setStatus] = useState<CheckoutStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // One key per distinct order attempt: a double click or a retry after a lost answer replays
  // the first answer instead of recording a second order.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);
  // The modal is open: have the schemas ready by the time the form is submitted.
  useEffect(preloadSchemas, []);
  const once = useSingleFlight();

  const busy = status === 'submitting' || status === 'processing';

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (busy) return;
      await once(async () => {
        const schemas = await loadSchemas().catch(() => undefined);
        if (!schemas) {
          setError(NETWORK_ERROR_MESSAGE);
          setStatus('error');
          return;
        }
        const parsed = schemas.checkoutRequestSchema.safeParse({ planId: plan.id, customerName, customerEmail });
        if (!parsed.success) {
          setErrors(schemas.fieldErrors(parsed.error));
          return;
        }
        setErrors({});
        setError(null);
        setStatus('submitting');
        const body = JSON.stringify(parsed.data);
        if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
        try {
          const answer = await postJson<CheckoutResponse & { fields?: FieldErrors }>(endpoint, parsed.data, {
            headers: { 'Idempotency-Key': attempt.current.key },
          });
          const url = answer.body?.success ? answer.body.checkoutUrl : undefined;
          if (url) {
            setStatus('processing');
            redirect.current = setTimeout(() => navigate(url), TIMINGS.checkoutRedirectMs);
            return;
          }
          setErrors(answer.body?.fields ?? {});
          setError(answer.body?.error || CHECKOUT_COPY.failedMessage);
        } catch (err) {
          setError(err instanceof NetworkError ? NETWORK_ERROR_MESSAGE : CHECKOUT_COPY.failedMessage);
        }
        setStatus('error');
      });
    },
    [busy, customerEmail, customerName, endpoint, navigate, once, plan.id],
  );

  const setName = useCallback((v: string) => {
    setCustomerName(v);
    setErrors((e) => (e.customerName ? { ...e, customerName: '' } : e));
  }, []);
  const setEmail = useCallback((v: string) => {
    setCustomerEmail(v);
    setErrors((e) => (e.customerEmail ? { ...e, customerEmail: '' } : e));
  }, []);

  return { customerName, customerEmail, setName, setEmail, status, error, errors, busy, submit };
}
